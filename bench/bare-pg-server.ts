// The yardstick for uncached reads (docs/performance.md): a plain node:http server that answers each
// read with the very SQL the shop sends (recorded from its own catalogue service), as a prepared
// statement on a pg pool, and sends the shop's own bytes, gzipped above 1 KB like the shop. No routing
// framework, validation, hooks or schema: what the same reads cost at the least. A read that PostgreSQL
// writes whole as JSON text (the product page's) is sent as that text, as the shop sends it; every other
// read sends the answer recorded from the shop itself (issue 35): serialising every column of every row
// here made the bare answer differ from the shop's (37.5 KB of JSON for the list) and its work too,
// which flattered the shop's ratios.
// Run as a script: argv[2] = JSON file of { databaseUrl, reads: { [path]: RecordedQuery[] }, bodies }, argv[3] = port.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import type { BareServer } from './bare-server.ts';
import { pinned, ROOT, stopProcess, tsNodeArgs } from './processes.ts';

export interface RecordedQuery {
  text: string;
  params: unknown[];
  /** the parameter that is the product id of a /api/products/:id path */
  idParam?: number;
}

export interface BarePgSetup {
  databaseUrl: string;
  /** exact paths, or a pattern with :id */
  reads: Record<string, RecordedQuery[]>;
  /** per exact path, the shop's answer as it sent it (uncompressed): sent after the path's statements ran */
  bodies: Record<string, string>;
}

export async function startBarePgServer(port: number, setup: BarePgSetup): Promise<BareServer> {
  const file = `/tmp/shop-bare-pg-${port}-${process.pid}.json`;
  await writeFile(file, JSON.stringify(setup));
  const [command, args] = pinned(0, process.execPath, tsNodeArgs('bench/bare-pg-server.ts', [file, String(port)]));
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare pg server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopProcess(child) };
}

async function serve(file: string, port: number): Promise<void> {
  const setup = JSON.parse(await readFile(file, 'utf8')) as BarePgSetup;
  // as many connections as the shop's pool (src/server/db/client.ts)
  const pool = new pg.Pool({ connectionString: setup.databaseUrl, max: 20 });
  let statements = 0;
  const reads = new Map(
    Object.entries(setup.reads).map(([route, queries]) => [route, queries.map((query) => ({ ...query, name: `bare_${(statements += 1)}` }))]),
  );
  const byId = reads.get('/api/products/:id');

  /** The answer's JSON: the shop's recorded answer, or the text of a read that is one JSON text column (the product page's). */
  async function answer(url: string): Promise<string | null> {
    const exact = reads.get(url);
    const id = /^\/api\/products\/(\d+)$/.exec(url)?.[1];
    const queries = exact ?? (id && byId ? byId : null);
    if (!queries) return null;
    let json: string | null = setup.bodies[url] ?? null;
    for (const query of queries) {
      const values = query.idParam === undefined ? query.params : query.params.map((value, index) => (index === query.idParam ? Number(id) : value));
      const result = await pool.query<unknown[]>({ name: query.name, text: query.text, values, rowMode: 'array' });
      if (exact === undefined && result.fields.length === 1 && result.fields[0]!.dataTypeID === TEXT_TYPE) json = String(result.rows[0]?.[0] ?? 'null');
    }
    return json;
  }

  const server = http.createServer((request, response) => {
    const acceptsGzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    answer(request.url ?? '').then(
      (text) => {
        if (text === null) return void response.writeHead(404).end();
        const json = Buffer.from(text);
        const body = acceptsGzip && json.length >= 1024 ? gzipSync(json) : json;
        const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
        if (body !== json) headers['content-encoding'] = 'gzip';
        response.writeHead(200, headers).end(body);
      },
      () => response.writeHead(500).end(),
    );
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
  process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}

/** PostgreSQL's text type: a read that PostgreSQL writes as JSON text comes as one such column */
const TEXT_TYPE = 25;

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await serve(process.argv[2]!, Number(process.argv[3]));
}
