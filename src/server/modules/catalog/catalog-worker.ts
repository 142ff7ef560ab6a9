// The catalogue's worker thread (decision 085): reads the kept catalogue and builds its search index on a
// connection of its own, so their hundreds of ms of parsing, building and collecting garbage at 50,000 products
// hold none of the shop's requests. The shop's thread receives the snapshot's arrays and asks for a search's
// matches over them; the index stays here.
import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createPool, type Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import type { CatalogAnswer, CatalogRequest, CatalogWorkerData } from './catalog-worker-protocol.ts';
import { errorLinks } from './catalog-worker-protocol.ts';
import { BUILD_SLICE_MS, readSnapshot, type ReadSnapshot } from './listing-snapshot-read.ts';

/**
 * Snapshots whose search index is kept for the shop's requests that still hold them: a request holding an older
 * one is told it is gone and searches the current one.
 */
const KEPT_SNAPSHOTS = 4;

const { url, timeouts } = workerData as CatalogWorkerData;
const port = parentPort!;
const pool = createPool(url, timeouts, 1);
pool.on('error', (error) => console.error('PostgreSQL idle client error (catalogue worker):', error.message));
const db = drizzle(pool, { schema }) as unknown as Database;

const snapshots = new Map<number, ReadSnapshot>();
let last: ReadSnapshot | null = null;
let numbered = 0;

async function answer(request: CatalogRequest): Promise<void> {
  const { id } = request;
  const send = (message: CatalogAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  try {
    if (request.kind === 'close') {
      await pool.end();
      port.close();
      return;
    }
    if (request.kind === 'read') {
      const read = await readSnapshot(db, last, BUILD_SLICE_MS.worker);
      last = read;
      const snapshot = (numbered += 1);
      snapshots.set(snapshot, read);
      for (const older of snapshots.keys()) if (snapshots.size > KEPT_SNAPSHOTS) snapshots.delete(older);
      send({ id, snapshot, data: read.data });
      return;
    }
    const read = snapshots.get(request.snapshot);
    if (!read) return send({ id, gone: true });
    const matches = (await read.search()).match(request.search);
    send({ id, matches }, [matches.matched.buffer as ArrayBuffer, matches.scores.buffer as ArrayBuffer]);
  } catch (error) {
    send({ id, error: errorLinks(error) });
  }
}

port.on('message', (request: CatalogRequest) => void answer(request));
