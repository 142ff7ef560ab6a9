import { spawn } from 'node:child_process';
import { pinned, ROOT, runToEnd, stopProcess, tsNodeArgs } from '../processes.ts';
import type { VendureAppJob } from './vendure-app.ts';

const APP = 'bench/peers/vendure-app.ts';

function vendureEnv(): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'production', VENDURE_DISABLE_TELEMETRY: 'true' };
}

/** Schema, initial data, the products CSV and a built search index, in a child process; answers when the index is done. */
export async function setUpVendure(job: Omit<VendureAppJob, 'mode'>): Promise<{ importSeconds: number; indexSeconds: number }> {
  const output = await runToEnd(process.execPath, tsNodeArgs(APP, [JSON.stringify({ ...job, mode: 'setup' })]), { env: vendureEnv() });
  // Vendure's own log lines come first; the timings are the last line
  return JSON.parse(output.trim().split('\n').at(-1)!) as { importSeconds: number; indexSeconds: number };
}

interface VendureServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Vendure's server pinned to core 0, as our shop is; answers once the Shop API answers. */
export async function startVendure(job: Omit<VendureAppJob, 'mode' | 'csvPath'>): Promise<VendureServer> {
  const [command, args] = pinned(0, process.execPath, tsNodeArgs(APP, [JSON.stringify({ ...job, mode: 'serve' })]));
  const child = spawn(command, args, { cwd: ROOT, env: vendureEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${job.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vendure exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/shop-api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`Vendure did not answer within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid!, stop: () => stopProcess(child) };
}
