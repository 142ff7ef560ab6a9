import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogListing } from '#common/schemas/catalog-listing.ts';
import { insertBrands, insertCatalogueForFacets } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { createCatalogReads } from './catalog-service.ts';

// The listing without a search is one prepared statement whose products PostgreSQL writes as JSON text
// (decision 064): they must be what every other read of the catalogue writes (toCatalogItem), and the
// metadata it keeps between listings must follow the catalogue once emptied.

let t: TestApp;
let alpha: number;

beforeAll(async () => {
  t = await createTestApp();
  [{ id: alpha }] = (await insertBrands(t.db, [{ name: 'Alpha' }])) as unknown as [{ id: number }];
  await insertCatalogueForFacets(t.db, [
    {
      name: 'Apex Elongated',
      type: 'paddles',
      brandId: alpha,
      usapa: true,
      description: 'Long "reach", raw carbon.',
      specs: { shape: ['Elongated'], static_weight: [7.6, 7.9], face_material: ['Raw carbon'] },
      variants: [
        { price: '150.00', stock: 3, options: { core_thickness: '14 mm', grip_size: '4 1/4 in' } },
        { price: '170.50', stock: 3, options: { core_thickness: '16 mm', grip_size: '4 1/4 in' } },
      ],
    },
    { name: 'Plain Paddle', type: 'paddles', variants: [{ price: '59.99', stock: 0 }] },
  ]);
});

afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the listing written by PostgreSQL', () => {
  it("writes each product as the other catalogue reads do, field for field and in the schema's order", async () => {
    const response = await get('/api/catalog?type=paddles');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const listing = CatalogListing.parse(response.json());
    const raw = (response.json() as { items: Record<string, unknown>[] }).items;
    const others = (await get(`/api/products?ids=${listing.items.map((item) => item.id).join(',')}`)).json() as Record<string, unknown>[];
    expect(raw).toHaveLength(2);
    for (const item of raw) {
      const other = others.find((row) => row.id === item.id)!;
      expect(item).toEqual(other);
      expect(Object.keys(item)).toEqual(Object.keys(other));
    }
    expect(Object.keys(response.json() as object)).toEqual(['items', 'total', 'page', 'pageCount', 'sort', 'facets', 'categories']);
  });

  it('takes every choice as a parameter of the same statement: brands, prices, stock, specs', async () => {
    const narrowed = CatalogListing.parse(
      (await get(`/api/catalog?type=paddles&brand=${alpha}&price=100-&in_stock=1&f.face_material=Raw%20carbon&o.core_thickness=16%20mm`)).json(),
    );
    expect(narrowed.items.map((item) => item.name)).toEqual(['Apex Elongated']);
    expect(narrowed.total).toBe(1);
    const none = CatalogListing.parse((await get(`/api/catalog?type=paddles&price=0-50`)).json());
    expect(none.items).toEqual([]);
    // a chosen value nothing has stays, so it can be unticked
    expect(none.facets.find((facet) => facet.key === 'price')!.values.find((value) => value.value === '0-50')!.count).toBe(0);
    const past = CatalogListing.parse((await get('/api/catalog?type=paddles&page=5')).json());
    expect([past.items, past.total, past.page]).toEqual([[], 2, 5]);
  });

  it('keeps the metadata until emptied, then reads the catalogue as it is', async () => {
    const reads = createCatalogReads(t.db, { keepMetadataMs: 60_000 });
    const brands = async () =>
      (JSON.parse(await reads.listCatalog({ type: 'paddles' })) as CatalogListing).facets
        .find((facet) => facet.key === 'brand')!
        .values.map((value) => value.label);
    expect(await brands()).toEqual(['Alpha']);
    const [{ id: beta }] = (await insertBrands(t.db, [{ name: 'Beta' }])) as unknown as [{ id: number }];
    await insertCatalogueForFacets(t.db, [{ name: 'Beta Paddle', type: 'paddles', brandId: beta, variants: [{ price: '80.00', stock: 1 }] }]);
    // kept: the new brand is not a facet value yet
    expect(await brands()).toEqual(['Alpha']);
    reads.clear();
    expect(await brands()).toEqual(['Alpha', 'Beta']);
  });
});
