import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogQuery, type CatalogSort } from '#common/schemas/catalog-listing.ts';
import { insertBrands, insertCatalogueForFacets, type FacetProductSpec } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { planFacets } from './catalog-facets.ts';
import { analyseSearch } from './catalog-search.ts';
import { readListingMetadata } from './listing-metadata.ts';
import { readSnapshot, type KeptSort } from './listing-snapshot-read.ts';
import { createListingSnapshot } from './listing-snapshot.ts';
import { createListingStatements, type CountRow } from './listing-statement.ts';
import { createCatalogReads } from './catalog-service.ts';

// The listing counted over the kept catalogue (decision 073) must answer what decision 064's statement
// answers for the same choices: the same page in the same order and the same counts, whatever is ticked.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const [alpha, beta, gamma] = (await insertBrands(t.db, [{ name: 'Alpha' }, { name: 'beta' }, { name: 'Gamma' }])) as unknown as { id: number }[];
  const brandIds = [alpha!.id, beta!.id, gamma!.id, null];
  const shapes = ['Elongated', 'Hybrid', 'Standard'];
  const faces = ['Raw carbon', 'Kevlar', 'Fiberglass'];
  const specs: FacetProductSpec[] = [];
  for (let index = 0; index < 30; index += 1) {
    const price = 40 + ((index * 37) % 200);
    specs.push({
      // equal names and prices among them: the order's ties are broken by id
      name: `${index % 7 === 0 ? 'Same' : `Paddle ${String.fromCharCode(97 + ((index * 11) % 26))}`} ${index % 3}`,
      type: 'paddles',
      brandId: brandIds[index % 4],
      usapa: index % 3 === 0,
      isFeatured: index % 5 === 0,
      releaseDate: index % 4 === 0 ? undefined : new Date(Date.UTC(2025, index % 12, 1 + (index % 9))),
      specs: {
        shape: [shapes[index % 3]!],
        static_weight: [7.5 + (index % 5) * 0.2, 7.7 + (index % 5) * 0.2],
        face_material: [faces[index % 2 ? 0 : 1 + (index % 2)]!],
      },
      variants: [
        { price: `${price}.00`, stock: index % 6 === 0 ? 0 : 2, options: { core_thickness: index % 2 ? '16 mm' : '14 mm', grip_size: '4 1/4 in' } },
        { price: `${price + 20}.50`, stock: index % 4 === 1 ? 0 : 1, options: { core_thickness: '16 mm', grip_size: '4 3/8 in' } },
      ],
    });
  }
  for (let index = 0; index < 8; index += 1) {
    specs.push({
      name: `Ball ${index}`,
      type: 'balls',
      brandId: brandIds[index % 4],
      variants: [{ price: `${3 + index}.00`, stock: index % 3, options: { court: index % 2 ? 'Indoor' : 'Outdoor' } }],
    });
  }
  await insertCatalogueForFacets(t.db, specs);
});

afterAll(async () => {
  await t.close();
});

// the statement also groups the products no value of a facet fits (a null value): no answer shows those
const shown = (rows: CountRow[]) =>
  rows
    .filter((row) => row.value !== null || row.facet === 'total')
    .map((row) => `${row.facet}=${row.value}:${row.count}`)
    .sort();

const QUERIES: Record<string, string>[] = [
  {},
  { page: '2' },
  { type: 'paddles' },
  { type: 'paddles', page: '2' },
  { type: 'paddles', in_stock: '1' },
  { type: 'paddles', 'f.shape': 'Elongated,Hybrid', 'f.static_weight': 'mid', 'o.core_thickness': '16 mm' },
  { type: 'paddles', brand: 'BRANDS', 'f.face_material': 'Raw carbon,Kevlar', in_stock: '1' },
  { type: 'paddles', price: '100-150,150-200,0-50', 'o.grip_size': '4 1/4 in', usapa: '1' },
  { type: 'paddles', price: '60-', brand: 'BRANDS' },
  { type: 'balls', 'o.court': 'Outdoor', in_stock: '1' },
  { brand: 'BRANDS', price: '0-50' },
];
const SORTS: KeptSort[] = ['featured', 'newest', 'price_asc', 'price_desc', 'name'];

describe('the listing over the kept catalogue', () => {
  it('answers every choice and sort as the statement does: the same page, in order, and the same counts', async () => {
    const metadata = await readListingMetadata(t.db);
    const brands = metadata.brands
      .slice(0, 2)
      .map((brand) => brand.id)
      .join(',');
    const snapshot = createListingSnapshot(t.db, 60_000);
    const statements = createListingStatements(t.db);
    let compared = 0;
    for (const raw of QUERIES) {
      const query = CatalogQuery.parse(Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value === 'BRANDS' ? brands : value])));
      const { type, facets } = planFacets(metadata, query);
      for (const sort of SORTS) {
        const page = query.page ?? 1;
        const kept = await snapshot.run(facets, type?.id ?? null, sort, page);
        const stated = await statements.run(facets, type?.id ?? null, sort as CatalogSort, page);
        expect(JSON.parse(kept.items), `${JSON.stringify(raw)} ${sort}`).toEqual(JSON.parse(stated.items));
        expect(shown(kept.counts), `${JSON.stringify(raw)} ${sort}`).toEqual(shown(stated.counts));
        compared += (JSON.parse(kept.items) as unknown[]).length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('reads which products are sold out for every listing, and the rest again once cleared', async () => {
    const snapshot = createListingSnapshot(t.db, 60_000);
    const metadata = await readListingMetadata(t.db);
    const { type, facets } = planFacets(metadata, CatalogQuery.parse({ type: 'balls', in_stock: '1' }));
    const total = async () => (await snapshot.run(facets, type!.id, 'name', 1)).counts.find((row) => row.facet === 'total')!.count;
    const before = await total();
    await t.db.execute(sql`update products set stock = 0 where name = 'Ball 1'`);
    expect(await total()).toBe(before - 1);
    await t.db.execute(sql`update products set is_deleted = true where name = 'Ball 2'`);
    // kept: the deleted product is still listed until the catalogue's change notice clears it
    expect(await total()).toBe(before - 1);
    snapshot.clear();
    expect(await total()).toBe(before - 2);
  });

  it("reads the products' words at the first search after it is read, not for a listing, and keeps them with it", async () => {
    const snapshot = createListingSnapshot(t.db, 60_000);
    const found = async (text: string) => {
      const total = (await snapshot.search([], null, 'name', 1, (await analyseSearch(t.db, text))!)).counts.find((row) => row.facet === 'total');
      return total?.count ?? 0;
    };
    await snapshot.run([], null, 'name', 1);
    // renamed after the listing: the words are read by the first search, so it finds the new name
    await t.db.execute(sql`update products set name = 'Zebra 3' where name = 'Ball 3'`);
    expect(await found('zebra')).toBe(1);
    // kept with the snapshot until it is cleared, as the rest of it is
    await t.db.execute(sql`update products set name = 'Yak 3' where name = 'Zebra 3'`);
    expect(await found('yak')).toBe(0);
    snapshot.clear();
    expect(await found('yak')).toBe(1);
    await t.db.execute(sql`update products set name = 'Ball 3' where name = 'Yak 3'`);
  });

  it('keeps the search index for the next read while the words are as they were, and reads it again once they change', async () => {
    const matched = async (snapshot: Awaited<ReturnType<typeof readSnapshot>>, text: string) =>
      (await snapshot.search()).match((await analyseSearch(t.db, text))!).matched.reduce((sum, flag) => sum + flag, 0);
    const first = await readSnapshot(t.db);
    // Ball 2 was deleted above
    expect(await matched(first, 'ball')).toBe(7);
    // a price, stock and featuring leave the words: the index is the first one's
    await t.db.execute(sql`update products set price = price + 1, stock = stock + 1, is_featured = not is_featured where name = 'Ball 4'`);
    const second = await readSnapshot(t.db, first);
    expect(await second.search()).toBe(await first.search());
    // a new name changes the words (and the places): read again
    await t.db.execute(sql`update products set name = 'Walrus 4' where name = 'Ball 4'`);
    const third = await readSnapshot(t.db, second);
    expect(await third.search()).not.toBe(await second.search());
    expect([await matched(second, 'walrus'), await matched(third, 'walrus')]).toEqual([0, 1]);
    // read across a change (a name changed between the snapshot and its first search): not kept for the next read
    await t.db.execute(sql`update products set name = 'Ball 4' where name = 'Walrus 4'`);
    const fourth = await readSnapshot(t.db, third);
    await t.db.execute(sql`update products set name = 'Walrus 4' where name = 'Ball 4'`);
    await fourth.search();
    expect(fourth.builtSearch()).toBeNull();
    const fifth = await readSnapshot(t.db, fourth);
    expect(await fifth.search()).not.toBe(await fourth.search());
    await t.db.execute(sql`update products set name = 'Ball 4', price = price - 1, stock = stock - 1, is_featured = not is_featured where name = 'Walrus 4'`);
  });
});

describe('a repeated choice over the kept catalogue', () => {
  it('is planned, counted and written once while the catalogue and its stock are the same, and afresh after either changes', async () => {
    const kept = createCatalogReads(t.db, { keepMetadataMs: 60_000 });
    // read afresh for every listing: nothing kept from one to the next
    const fresh = createCatalogReads(t.db);
    // each differs from the first in one parameter a plan is made of, but the last, which a plan does not read
    const paddles = { type: 'paddles' };
    const choices: Record<string, string>[] = [
      paddles,
      { type: 'balls' },
      { ...paddles, brand: '1' },
      { ...paddles, price: '0-100' },
      { ...paddles, in_stock: '1' },
      { ...paddles, usapa: '1' },
      { ...paddles, 'f.shape': 'Elongated' },
      { ...paddles, 'o.core_thickness': '14 mm' },
      { ...paddles, 'f.shape': 'Elongated', page: '2' },
      { ...paddles, 'f.shape': 'Elongated', sort: 'price_asc' },
      { ...paddles, utm_source: 'mail' },
    ];
    for (const raw of choices) {
      const first = await kept.listCatalog(CatalogQuery.parse(raw));
      expect(await kept.listCatalog(CatalogQuery.parse(raw)), JSON.stringify(raw)).toBe(first);
      expect(first, JSON.stringify(raw)).toBe(await fresh.listCatalog(CatalogQuery.parse(raw)));
    }
    const inStock = CatalogQuery.parse({ type: 'balls', in_stock: '1' });
    const before = await kept.listCatalog(inStock);
    await t.db.execute(sql`update products set stock = 0 where name = 'Ball 5'`);
    try {
      const after = await kept.listCatalog(inStock);
      expect(after).not.toBe(before);
      expect(after).toBe(await fresh.listCatalog(inStock));
    } finally {
      await t.db.execute(sql`update products set stock = 2 where name = 'Ball 5'`);
    }
    expect(await kept.listCatalog(inStock)).toBe(before);
  });
});
