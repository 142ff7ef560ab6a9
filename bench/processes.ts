import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const hasTaskset = spawnSync('taskset', ['-V']).status === 0;

/**
 * On the 2-core machines the server runs on core 0 and the load generator on
 * core 1, so neither steals the other's CPU. Without taskset the command runs unpinned.
 */
export function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

export function isPinningAvailable(): boolean {
  return hasTaskset;
}

/** Runs a TypeScript file with node + tsx (no npx wrapper, so the pid is the process itself). */
export function tsNodeArgs(file: string, args: string[] = []): string[] {
  return ['--import', 'tsx', file, ...args];
}

export function stopProcess(child: ChildProcess, timeoutMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Runs a command to completion, collecting stdout; rejects on a non-zero exit. */
export function runToEnd(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${err.slice(-2000)}`));
    });
  });
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); null elsewhere. */
export function cpuTimeMs(pid: number): number | null {
  try {
    // the fields after the command name (which may hold spaces) start at state, field 3; utime and stime are fields 14 and 15
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
