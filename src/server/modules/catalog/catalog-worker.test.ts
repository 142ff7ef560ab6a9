import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts';
import { insertBrands, insertCatalogueForFacets, type FacetProductSpec } from '#server/test/catalog-fixtures.ts';
import { needPostgresServer } from '#server/test/postgres-server.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { analyseSearch } from './catalog-search.ts';
import { createCatalogWorker } from './catalog-worker-client.ts';
import { readingInThisThread, SnapshotGone, type Snapshot } from './listing-snapshot-read.ts';
import { createListingSnapshot } from './listing-snapshot.ts';

// The kept catalogue read and searched in a worker thread (decision 085) answers what the same read in the shop's
// own thread answers, and fails as a read there fails. It needs a PostgreSQL server (the worker opens its own
// connection); without one it is skipped with a warning, and fails under CI=true.
const postgres = needPostgresServer(import.meta.url);

let t: TestApp;
let worker: ReturnType<typeof createCatalogWorker>;

describe.skipIf(postgres.skip)("the catalogue's worker thread", () => {
  beforeAll(async () => {
    t = await createTestApp({}, { postgresServer: postgres.url() });
    const [alpha, beta] = (await insertBrands(t.db, [{ name: 'Alpha' }, { name: 'Beta' }])) as unknown as { id: number }[];
    const specs: FacetProductSpec[] = Array.from({ length: 12 }, (_, index) => ({
      name: `${index % 2 ? 'Carbon' : 'Glass'} paddle ${index}`,
      type: 'paddles',
      brandId: [alpha!.id, beta!.id, null][index % 3],
      usapa: index % 3 === 0,
      isFeatured: index % 4 === 0,
      specs: { shape: [index % 2 ? 'Elongated' : 'Standard'] },
      variants: [{ price: `${50 + index * 10}.00`, stock: index % 5 === 0 ? 0 : 3, options: {} }],
    }));
    await insertCatalogueForFacets(t.db, specs);
    worker = createCatalogWorker(t.databaseUrl!, t.config);
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const dataOf = ({ match: _match, ...data }: Snapshot) => data;

  it('reads the same snapshot as the shop thread, and matches a search the same', async () => {
    const here = await readingInThisThread(t.db)(null);
    const there = await worker.read(null);
    expect(dataOf(there)).toEqual(dataOf(here));
    for (const text of ['carbon', 'paddle', 'alpha glass', 'pad', 'nothing like it']) {
      const search = (await analyseSearch(t.db, text))!;
      expect(await there.match(search), text).toEqual(await here.match(search));
    }
    expect((await there.match((await analyseSearch(t.db, 'carbon'))!)).matched.reduce((sum, flag) => sum + flag, 0)).toBe(6);
  });

  it('lets go of old snapshots, and the listing then searches the current one', async () => {
    const search = (await analyseSearch(t.db, 'glass'))!;
    const first = await worker.read(null);
    for (let read = 0; read < 4; read += 1) await worker.read(null);
    await expect(first.match(search)).rejects.toBeInstanceOf(SnapshotGone);

    let reads = 0;
    const listing = createListingSnapshot(t.db, 60_000, async (previous) => ((reads += 1) === 1 ? first : worker.read(previous)));
    // the kept first snapshot is gone in the worker: the listing is cleared by hand as a change notice would, and reads again
    const searched = listing.search([], null, 'name', 1, search);
    await expect(searched).rejects.toBeInstanceOf(SnapshotGone);
    listing.clear();
    const { counts } = await listing.search([], null, 'name', 1, search);
    expect(counts.find((row) => row.facet === 'total')?.count).toBe(6);
  });

  it("fails a read as the shop's own would when the database cannot be reached, and reads again after", async () => {
    const unreachable = createCatalogWorker('postgres://postgres@127.0.0.1:1/shop', { ...t.config, DATABASE_CONNECT_TIMEOUT_MS: 2_000 });
    try {
      const failed = await unreachable.read(null).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      await expect(unreachable.read(null)).rejects.toThrow();
    } finally {
      await unreachable.close();
    }
    expect((await worker.read(null)).ids.length).toBe(12);
  });
});
