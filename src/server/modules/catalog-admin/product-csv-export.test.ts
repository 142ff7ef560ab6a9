import { text } from 'node:stream/consumers';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { seedDatabase } from '#server/seed/seed.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { productCsvStream } from './product-csv-export.ts';
import { readDocument, readDocuments } from './product-document-read.ts';

// A database that fails half-way through an export (dropped, restarted) must end the download with
// that error, not the process: the rows and the CSV writer are one pipeline, whose error the reply
// sees. Piped by hand, the rows' stream erred with nobody listening, and Node exits on that.

const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => void uncaught.push(error);
afterEach(() => void process.off('uncaughtException', onUncaught));

describe('the product CSV export stream', () => {
  it('ends with the database error, and nothing goes uncaught', async () => {
    process.on('uncaughtException', onUncaught);
    const gone = new Proxy({} as Database, {
      get() {
        throw new Error('database gone');
      },
    });
    const download = text(productCsvStream(gone));
    const ended = await Promise.race([
      download.then(
        () => 'finished',
        (error: Error) => error.message,
      ),
      new Promise((resolve) => setTimeout(() => resolve(`still open; uncaught: ${String(uncaught[0])}`), 2000)),
    ]);
    expect(ended).toBe('database gone');
    expect(uncaught).toEqual([]);
  });
});

describe('the product CSV export of the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db, { mode: 'demo', images: t.images });
    // the demo catalogue's seed is long on a busy machine
  }, 240_000);
  afterAll(() => t.close());

  // the export reads a page of products in a few statements; it read one document per product before
  const perProduct = async (db: Database, ids: readonly number[]) =>
    (await Promise.all(ids.map((id) => readDocument(db, id)))).filter((doc) => doc !== undefined);

  it('reads each page as the documents the editor reads', async () => {
    const ids = (await t.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(10);
    expect(await readDocuments(t.db, ids)).toEqual(await perProduct(t.db, ids));
  });

  it('writes the same bytes as one document read per product', async () => {
    const [exported, old] = await Promise.all([text(productCsvStream(t.db)), text(productCsvStream(t.db, perProduct))]);
    expect(exported.split('\r\n').length).toBeGreaterThan(20);
    expect(exported).toBe(old);
  });
});
