// The yardstick for catalogue reads (docs/performance.md): a plain node:http server answering the bytes
// and headers the shop answered, with no routing, validation, database or compression work.
// Run as a script it serves the responses recorded in the JSON file named by argv[2].
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pinned, ROOT, stopProcess, tsNodeArgs } from './processes.ts';

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

// hop-by-hop or per-response headers the bare server sets itself
const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** One GET as the load generator sends it (gzip accepted), raw bytes kept compressed. */
export function recordResponse(url: string, headers: Record<string, string>): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!SKIPPED_HEADERS.has(name) && value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: response.statusCode ?? 0, headers: kept, bodyBase64: Buffer.concat(chunks).toString('base64') });
        });
      })
      .once('error', reject);
  });
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the bare server in its own process on core 0, like the shop. */
export async function startBareServer(port: number, responses: Record<string, RecordedResponse>): Promise<BareServer> {
  const file = `/tmp/h8-bare-responses-${port}.json`;
  await writeFile(file, JSON.stringify(responses));
  const [command, args] = pinned(0, process.execPath, tsNodeArgs('bench/bare-server.ts', [file, String(port)]));
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopProcess(child) };
}

async function serve(file: string, port: number): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const recorded = JSON.parse(await readFile(file, 'utf8')) as Record<string, RecordedResponse>;
  const answers = new Map(
    Object.entries(recorded).map(([path, response]) => {
      const body = Buffer.from(response.bodyBase64, 'base64');
      return [path, { status: response.status, headers: { ...response.headers, 'content-length': String(body.length) }, body }];
    }),
  );
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await serve(process.argv[2]!, Number(process.argv[3]));
}
