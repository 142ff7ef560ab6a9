import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
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

/**
 * Gives a pinned process's child processes, and theirs, every core again. Without DATABASE_URL the shop starts its
 * own PostgreSQL (decision 065), which inherits the shop's core; the bench's PostgreSQL runs on every core, and so
 * does the shop's own under `npm start`, so a bench that left it on the shop's core would measure two servers
 * sharing one core. Backends forked later inherit the server's new mask.
 */
export function unpinChildren(pid: number): void {
  if (!hasTaskset) return;
  const cores = `0-${os.availableParallelism() - 1}`;
  for (const child of childPids(pid)) {
    spawnSync('taskset', ['-a', '-p', '-c', cores, String(child)], { stdio: 'ignore' });
    unpinChildren(child);
  }
}

/** The pids of a process's children (pgrep -P). */
export function childPids(pid: number): number[] {
  const listed = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout ?? '';
  return listed.split('\n').filter(Boolean).map(Number);
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
