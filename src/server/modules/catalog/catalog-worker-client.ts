import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DatabaseTimeouts } from '#server/db/client.ts';
import { errorFrom, type CatalogAnswer, type CatalogRequest, type CatalogWorkerData } from './catalog-worker-protocol.ts';
import { SnapshotGone, type Snapshot, type SnapshotReader } from './listing-snapshot-read.ts';
import type { SearchMatches } from './search-index.ts';

/** A request before its number is given (per kind of request). */
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

/** How long a closing worker may take to end its connection before it is stopped. */
const CLOSE_TIMEOUT_MS = 2_000;

/**
 * The server's bundle (scripts/build-server.ts) defines this as its own URL; the worker is compiled beside it.
 * From the sources (tsx, the tests) it is undefined and the worker is compiled by tsx as it starts.
 */
const bundleUrl = (import.meta as { bundleUrl?: string }).bundleUrl;

function startWorker(workerData: CatalogWorkerData): Worker {
  if (bundleUrl) return new Worker(new URL('./catalog-worker.js', bundleUrl), { workerData });
  const source = new URL('./catalog-worker.ts', import.meta.url).href;
  // tsx's ES module API (its CommonJS one cannot load it), found by the package's own exports from here
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href;
  const load = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(load, { eval: true, workerData });
}

/**
 * The kept catalogue read and searched in a worker thread of its own (catalog-worker.ts, decision 085), started at
 * the first read and again after it ends. A read fails with what failed in the worker (a database that cannot be
 * reached is such an error here too, database-unavailable.ts).
 */
export function createCatalogWorker(url: string, timeouts: DatabaseTimeouts): { read: SnapshotReader; close(): Promise<void> } {
  let worker: Worker | null = null;
  let sent = 0;
  const waiting = new Map<number, { resolve(answer: CatalogAnswer): void; reject(error: Error): void }>();

  function running(): Worker {
    if (worker) return worker;
    const started = startWorker({ url, timeouts });
    // the shop's process ends when its server does, whatever the worker is doing
    started.unref();
    started.on('message', (answer: CatalogAnswer) => {
      waiting.get(answer.id)?.resolve(answer);
      waiting.delete(answer.id);
    });
    const ended = (error: Error) => {
      if (worker === started) worker = null;
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    };
    started.on('error', ended);
    started.on('exit', (code) => ended(new Error(`the catalogue's worker thread ended (exit code ${code})`)));
    return (worker = started);
  }

  function ask(request: Unsent<CatalogRequest>): Promise<CatalogAnswer> {
    const id = (sent += 1);
    return new Promise<CatalogAnswer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      running().postMessage({ ...request, id });
    }).then((answer) => {
      if ('error' in answer) throw errorFrom(answer.error);
      return answer;
    });
  }

  async function read(): Promise<Snapshot> {
    const answer = await ask({ kind: 'read' });
    if (!('data' in answer)) throw new Error('the catalogue worker answered a read with no snapshot');
    const { snapshot, data } = answer;
    return {
      ...data,
      async match(search): Promise<SearchMatches> {
        const matched = await ask({ kind: 'match', snapshot, search });
        if ('gone' in matched) throw new SnapshotGone();
        if (!('matches' in matched)) throw new Error('the catalogue worker answered a search with no matches');
        return matched.matches;
      },
    };
  }

  return {
    read,
    async close() {
      const closing = worker;
      if (!closing) return;
      const exited = new Promise<void>((resolve) => closing.once('exit', () => resolve()));
      closing.postMessage({ id: (sent += 1), kind: 'close' } satisfies CatalogRequest);
      const timer = setTimeout(() => void closing.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
