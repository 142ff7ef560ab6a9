// The yardstick for uncached reads (docs/performance.md): a plain node:http server that answers each
// read with the very SQL the shop sends (recorded from its own catalogue service), as a prepared
// statement on a pg pool, rows to JSON and gzip above 1 KB like the shop. No routing framework,
// validation, hooks or schema: what the same reads cost at the least. A read that PostgreSQL writes
// whole as JSON text (the product page's) is sent as that text, as the shop sends it. Every column of a row is
// written, as the shop writes them all: a product row joined with its brand names id, name, slug and
// more twice, and pg's object rows keep only the last of each (the brand's), which made the bare
// answer a quarter shorter than the shop's and its gzip less than half.
// Run as a script: argv[2] = JSON file of { databaseUrl, reads: { [path]: RecordedQuery[] } }, argv[3] = port.
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

  /** The answer's JSON: the rows as objects, or the text of a read that is one JSON text column (the product page's). */
  async function answer(url: string): Promise<string | null> {
    const exact = reads.get(url);
    const id = /^\/api\/products\/(\d+)$/.exec(url)?.[1];
    const queries = exact ?? (id && byId ? byId : null);
    if (!queries) return null;
    let json = '';
    for (const query of queries) {
      const values = query.idParam === undefined ? query.params : query.params.map((value, index) => (index === query.idParam ? Number(id) : value));
      const result = await pool.query<unknown[]>({ name: query.name, text: query.text, values, rowMode: 'array' });
      if (result.fields.length === 1 && result.fields[0]!.dataTypeID === TEXT_TYPE) {
        json = String(result.rows[0]?.[0] ?? 'null');
        continue;
      }
      const keys = uniqueKeys(result.fields.map((field) => field.name));
      const rows = result.rows.map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index]])));
      json = JSON.stringify(id ? rows[0] : rows);
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

/** Column names as object keys, a repeated one numbered by its occurrence (id, name, ..., id_2, name_2). */
function uniqueKeys(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}_${count}`;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await serve(process.argv[2]!, Number(process.argv[3]));
}
