import { spawnSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./serve.sh', import.meta.url));
const hasTaskset = spawnSync('taskset', ['-V']).status === 0;
let workDir: string;
let probe: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'serve-script-'));
  // stands in for the server: says which flags node was given and which process it is
  probe = path.join(workDir, 'main.js');
  await writeFile(probe, 'console.log(JSON.stringify({ flags: process.execArgv, pid: process.pid }));\n');
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Runs scripts/serve.sh (under taskset when given a core) and reads what the stand-in printed. */
function serve(nodeFlags: string[], core?: number): Promise<{ flags: string[]; pid: number; childPid: number }> {
  const [command, args] = core === undefined ? ['sh', [SCRIPT, ...nodeFlags]] : ['taskset', ['-c', String(core), 'sh', SCRIPT, ...nodeFlags]];
  const child = spawn(command, args, { env: { ...process.env, SERVER_MAIN: probe }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve({ ...(JSON.parse(output) as { flags: string[]; pid: number }), childPid: child.pid! }));
  });
}

describe('scripts/serve.sh (npm run serve)', () => {
  it('starts node in its own process with source maps, young allocations and the flags it is given', async () => {
    const started = await serve(['--max-old-space-size=200']);
    // decision 093: V8's pretenuring kept every answer read from the database until a full collection
    expect(started.flags).toEqual(expect.arrayContaining(['--enable-source-maps', '--no-allocation-site-pretenuring', '--max-old-space-size=200']));
    // exec: the server is the process a supervisor started, and SIGTERM reaches it
    expect(started.pid).toBe(started.childPid);
    expect(started.flags.includes('--single-threaded-gc')).toBe(os.availableParallelism() === 1);
  });

  it.skipIf(!hasTaskset)('keeps the collector on the main thread where the process has one core (decision 091)', async () => {
    const started = await serve([], 0);
    expect(started.flags).toContain('--single-threaded-gc');
    expect(started.pid).toBe(started.childPid);
  });
});
