import type { ConstantRateJob, ConstantRateResult } from './constant-rate.ts';
import { pinned, runToEnd, tsNodeArgs } from './processes.ts';
import type { BurstJob, BurstResult, CannonJob, CannonResult, CompareJob, CompareResult } from './load-child.ts';

type Job = CannonJob | BurstJob | CompareJob | ConstantRateJob;
type Result = CannonResult | BurstResult | CompareResult | ConstantRateResult;

/** Runs one load job in a child process on core 1 (or on no core in particular, cpu null) and answers its result. */
export async function runLoad(job: CannonJob, cpu?: number | null): Promise<CannonResult>;
export async function runLoad(job: BurstJob, cpu?: number | null): Promise<BurstResult>;
export async function runLoad(job: CompareJob, cpu?: number | null): Promise<CompareResult>;
export async function runLoad(job: ConstantRateJob, cpu?: number | null): Promise<ConstantRateResult>;
export async function runLoad(job: Job, cpu: number | null = 1): Promise<Result> {
  const args = tsNodeArgs('bench/load-child.ts', [JSON.stringify(job)]);
  const [command, commandArgs] = cpu === null ? [process.execPath, args] : pinned(cpu, process.execPath, args);
  return JSON.parse(await runToEnd(command, commandArgs)) as Result;
}
