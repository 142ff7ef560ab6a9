import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.ts';

// The bundle `npm start` runs (decision 030) is the server: it starts on a fresh shop, finds the files
// its sources read beside them, renders the client tree, and its stack traces name the TypeScript.
const ROOT = path.resolve(import.meta.dirname, '..');
let workDir: string;
let serverFile: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // inside the project, like dist/server: the bundle's packages resolve from its node_modules
  await mkdir(path.join(ROOT, 'test-results'), { recursive: true });
  workDir = await mkdtemp(path.join(ROOT, 'test-results', 'build-server-'));
  serverFile = await buildServer(path.join(workDir, 'server'));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(workDir, { recursive: true, force: true });
});

/** The bundle as `npm run serve` starts it, on the embedded database unless the env names one. */
function runBundle(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', serverFile], { cwd: workDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function lineNumberOf(file: string, text: string): Promise<number> {
  const lines = (await readFile(path.join(ROOT, file), 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(text));
  if (index === -1) throw new Error(`${text} not in ${file}`);
  return index + 1;
}

describe('the precompiled server', () => {
  it('holds our code only: packages are imported from node_modules at run time', async () => {
    const code = await readFile(serverFile, 'utf8');
    // esbuild heads each bundled file with its path
    expect(code).toContain('// src/server/main.ts');
    expect(code).toContain('// src/client/app/app.tsx');
    expect(code).not.toMatch(/^\/\/ node_modules\//m);
    expect(code).toMatch(/^import .* from "fastify";$/m);
  });

  it('starts on a fresh shop: migrates from the sources, reads package.json and renders storefront pages', { timeout: 120_000 }, async () => {
    const dataDir = path.join(workDir, 'data');
    const server = runBundle({ DATA_DIR: dataDir, CLIENT_DIR: path.join(workDir, 'no-client'), SEED: 'demo' });
    let base = '';
    const deadline = Date.now() + 100_000;
    while (!base && Date.now() < deadline) {
      if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}:\n${server.output()}`);
      base = /ready at (http:\/\/\S+)/.exec(server.output())?.[1] ?? '';
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(base, server.output()).not.toBe('');

    const journal = JSON.parse(await readFile(path.join(ROOT, 'src/server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { migrations: number }).migrations).toBe(journal.entries.length);

    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const openapi = (await (await fetch(`${base}/api/openapi.json`)).json()) as { info: { version: string } };
    expect(openapi.info.version).toBe(version);

    const [product] = (await (await fetch(`${base}/api/products`)).json()) as Array<{ name: string; slug: string }>;
    const page = await fetch(`${base}/products/${product!.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<div id="root">.*<h1[^>]*>${product!.name.replace(/'/g, '&#x27;')}</h1>`, 's'));
    expect(html).toContain('<script id="page-state" type="application/json">');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('names the TypeScript file and line in a stack trace', async () => {
    // a port nobody listens on: the first query fails inside main()
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const server = runBundle({ DATA_DIR: path.join(workDir, 'refused'), DATABASE_URL: `postgres://shop@127.0.0.1:${port}/shop` });
    expect(await server.exited).toBe(1);
    const line = await lineNumberOf('src/server/main.ts', 'await database.migrate();');
    expect(server.output()).toMatch(new RegExp(`at async main \\(${ROOT}/src/server/main\\.ts:${line}:\\d+\\)`));
  });
});
