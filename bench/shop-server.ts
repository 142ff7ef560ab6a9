import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pinned, ROOT, stopProcess, tsNodeArgs, unpinChildren } from './processes.ts';

/** Where run.ts writes the precompiled server before the measurements (inside the project: its packages resolve from node_modules). */
export const BENCH_SERVER_DIR = path.join(ROOT, 'bench/results/server');

/** How the server is run: the precompiled bundle `npm start` runs (decision 030), or its TypeScript under tsx. */
export type ServerBuild = 'precompiled' | 'tsx';

export interface ShopServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ShopServerOptions {
  port: number;
  clientDir: string;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** extra node flags (e.g. --cpu-prof) */
  nodeArgs?: string[];
  /** precompiled unless told: a CPU profile under tsx names each source file */
  server?: ServerBuild;
  /** the core it is pinned to: 0 unless told */
  cpu?: number;
}

/**
 * The command that runs the server one way, pinned to a core, with extra node flags. The precompiled server starts
 * through `scripts/serve.sh`, as `npm run serve` starts it: the node flags it chooses for one core are the ones a
 * shop on one core runs with (decision 091). The script execs node, so the pid is the server's.
 */
export function serverCommand(server: ServerBuild, cpu: number, nodeArgs: string[] = []): [string, string[]] {
  return server === 'tsx'
    ? pinned(cpu, process.execPath, [...nodeArgs, ...tsNodeArgs('src/server/main.ts')])
    : pinned(cpu, 'sh', [path.join(ROOT, 'scripts/serve.sh'), ...nodeArgs]);
}

/** The environment of a production shop on this port and data folder (and database, when given). */
export function shopEnv(options: Pick<ShopServerOptions, 'port' | 'clientDir' | 'dataDir' | 'databaseUrl' | 'env'>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    CLIENT_DIR: options.clientDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-admin-password',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    SERVER_MAIN: path.join(BENCH_SERVER_DIR, 'main.js'),
    // the load comes from one address: per-address limits would measure the limiter, not the shop
    AUTH_RATE_LIMIT: '1000000',
    CHECKOUT_RATE_LIMIT: '1000000',
    CHECKOUT_OPEN_ORDERS_LIMIT: '0',
    CHECKOUT_OPEN_UNITS_LIMIT: '0',
    CHECKOUT_NETWORK_UNITS_LIMIT: '0',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

/**
 * The production server (NODE_ENV=production, built client) pinned to core 0 (or options.cpu); its own PostgreSQL,
 * when it starts one, on every core. Request logs are at "warn": a log line per request would measure the terminal,
 * not the shop.
 */
export async function startShopServer(options: ShopServerOptions): Promise<ShopServer> {
  await rm(options.dataDir, { recursive: true, force: true });
  const [command, args] = serverCommand(options.server ?? 'precompiled', options.cpu ?? 0, options.nodeArgs);
  const child = spawn(command, args, { cwd: ROOT, env: shopEnv(options), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntilHealthy(url, child, () => output);
  unpinChildren(child.pid!);
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      await stopProcess(child);
      await rm(options.dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`shop server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopProcess(child);
  throw new Error(`shop server did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}
