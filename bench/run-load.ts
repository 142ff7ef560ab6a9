import { pinned, runToEnd, tsNodeArgs } from './processes.ts';
import type { BurstJob, BurstResult, CannonJob, CannonResult, CompareJob, CompareResult } from './load-child.ts';

/** Runs one load job in a child process on core 1 and answers its result. */
export async function runLoad(job: CannonJob): Promise<CannonResult>;
export async function runLoad(job: BurstJob): Promise<BurstResult>;
export async function runLoad(job: CompareJob): Promise<CompareResult>;
export async function runLoad(job: CannonJob | BurstJob | CompareJob): Promise<CannonResult | BurstResult | CompareResult> {
  const [command, args] = pinned(1, process.execPath, tsNodeArgs('bench/load-child.ts', [JSON.stringify(job)]));
  return JSON.parse(await runToEnd(command, args)) as CannonResult | BurstResult | CompareResult;
}
