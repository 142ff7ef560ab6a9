import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogListing, Comparison } from '#common/schemas/catalog-listing.ts';
import { insertBrands, insertCatalogueForFacets, type FacetProductSpec } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let alpha: number;
let beta: number;
const ids: Record<string, number> = {};

const paddle = (name: string, brandId: number, shape: string, weight: [number, number], prices: [string, string], stock = 3): FacetProductSpec => ({
  name,
  type: 'paddles',
  brandId,
  usapa: shape !== 'Widebody',
  specs: { shape: [shape], static_weight: weight, face_material: ['Raw carbon'] },
  variants: [
    { price: prices[0], stock, options: { core_thickness: '14 mm', grip_size: '4 1/4 in' } },
    { price: prices[1], stock, options: { core_thickness: '16 mm', grip_size: '4 1/4 in' } },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  const inserted = await insertBrands(t.db, [{ name: 'Alpha' }, { name: 'Beta' }]);
  alpha = inserted[0]!.id;
  beta = inserted[1]!.id;
  const made = await insertCatalogueForFacets(t.db, [
    paddle('Apex Elongated', alpha, 'Elongated', [7.6, 7.9], ['150.00', '170.00']),
    paddle('Apex Hybrid', alpha, 'Hybrid', [8.0, 8.2], ['120.00', '120.00']),
    paddle('Bolt Elongated', beta, 'Elongated', [8.4, 8.6], ['200.00', '220.00']),
    paddle('Bolt Widebody', beta, 'Widebody', [7.5, 7.7], ['90.00', '95.00'], 0),
    {
      name: 'Tournament Ball',
      type: 'balls',
      brandId: beta,
      variants: [
        { price: '12.00', stock: 10, options: { pack_size: '3-pack', court: 'Outdoor' } },
        { price: '40.00', stock: 10, options: { pack_size: '12-pack', court: 'Outdoor' } },
      ],
    },
    { name: 'Gym Ball', type: 'balls', variants: [{ price: '10.00', stock: 5, options: { pack_size: '3-pack', court: 'Indoor' } }] },
    { name: 'Court Runner', type: 'shoes', brandId: alpha, description: 'Grippy sole.', variants: [{ price: '110.00', stock: 2 }] },
  ]);
  for (const row of made) ids[row.name] = row.id;
});

afterAll(async () => {
  await t.close();
});

async function list(query: string): Promise<CatalogListing> {
  const response = await t.app.inject({ method: 'GET', url: `/api/catalog${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return CatalogListing.parse(response.json());
}

const names = (listing: CatalogListing) => listing.items.map((item) => item.name);
const counts = (listing: CatalogListing, key: string) =>
  Object.fromEntries(listing.facets.find((facet) => facet.key === key)?.values.map((value) => [value.value, value.count]) ?? []);

describe('GET /api/catalog', () => {
  it('lists everything with categories, sold-out last, and "from" prices', async () => {
    const all = await list('');
    expect(all.total).toBe(7);
    expect(all.page).toBe(1);
    expect(all.pageCount).toBe(1);
    expect(all.items.at(-1)!.name).toBe('Bolt Widebody');
    expect(all.categories.map((c) => [c.slug, c.count])).toEqual([
      ['paddles', 4],
      ['balls', 2],
      ['shoes', 1],
    ]);
    const apex = all.items.find((item) => item.name === 'Apex Elongated')!;
    expect([apex.price, apex.priceMax, apex.variantCount]).toEqual(['150.00', '170.00', 2]);
    // no type chosen: only the facets every type shares
    expect(all.facets.map((facet) => facet.key)).toEqual(['brand', 'price', 'in_stock', 'usapa']);
  });

  it('a type adds its spec filters and axes; OR within a facet, AND across, counts under the other facets', async () => {
    const paddles = await list('?type=paddles');
    expect(paddles.facets.map((facet) => facet.key)).toEqual([
      'brand',
      'price',
      'in_stock',
      'usapa',
      'f.static_weight',
      'f.shape',
      'f.face_material',
      'o.core_thickness',
      'o.grip_size',
    ]);
    expect(counts(paddles, 'f.shape')).toEqual({ Elongated: 2, Hybrid: 1, Widebody: 1 });
    // a range is in every band it overlaps
    expect(counts(paddles, 'f.static_weight')).toEqual({ light: 2, mid: 2, heavy: 1 });
    expect(counts(paddles, 'o.core_thickness')).toEqual({ '14 mm': 4, '16 mm': 4 });

    const elongated = await list('?type=paddles&f.shape=Elongated');
    expect(names(elongated).sort()).toEqual(['Apex Elongated', 'Bolt Elongated']);
    // the shape's own counts ignore the shape filter; the brand's respect it
    expect(counts(elongated, 'f.shape')).toEqual({ Elongated: 2, Hybrid: 1, Widebody: 1 });
    expect(counts(elongated, 'brand')).toEqual({ [alpha]: 1, [beta]: 1 });

    const three = await list(`?type=paddles&f.shape=Elongated,Hybrid&brand=${alpha}&f.static_weight=mid`);
    expect(names(three).sort()).toEqual(['Apex Elongated', 'Apex Hybrid']);
    expect(counts(three, 'brand')).toEqual({ [alpha]: 2 });
    expect(counts(three, 'f.static_weight')).toEqual({ light: 1, mid: 2 });

    const light = await list('?type=paddles&f.static_weight=light&in_stock=1');
    expect(names(light)).toEqual(['Apex Elongated']);
    expect(counts(light, 'in_stock')).toEqual({ 1: 1 });
    expect((await list('?type=paddles&usapa=1')).total).toBe(3);
  });

  it('filters by option axis, price band and typed range', async () => {
    const outdoor = await list('?type=balls&o.court=Outdoor');
    expect(names(outdoor)).toEqual(['Tournament Ball']);
    expect(counts(outdoor, 'o.court')).toEqual({ Indoor: 1, Outdoor: 1 });
    const cheap = await list('?price=0-50,100-150');
    expect(names(cheap).sort()).toEqual(['Apex Hybrid', 'Court Runner', 'Gym Ball', 'Tournament Ball']);
    expect(counts(cheap, 'price')).toMatchObject({ '0-50': 2, '50-100': 1, '100-150': 2, '150-200': 1, '200-': 1 });
    expect(names(await list('?price=95-125')).sort()).toEqual(['Apex Hybrid', 'Court Runner']);
  });

  it('sorts, with sold-out products last whatever the sort', async () => {
    expect(names(await list('?type=paddles&sort=price_asc'))).toEqual(['Apex Hybrid', 'Apex Elongated', 'Bolt Elongated', 'Bolt Widebody']);
    expect(names(await list('?type=paddles&sort=price_desc'))).toEqual(['Bolt Elongated', 'Apex Elongated', 'Apex Hybrid', 'Bolt Widebody']);
    expect(names(await list('?type=paddles&sort=name'))).toEqual(['Apex Elongated', 'Apex Hybrid', 'Bolt Elongated', 'Bolt Widebody']);
  });

  it('ignores unknown or malformed facets and sorts; a page beyond the last is empty', async () => {
    const odd = await list('?type=nope&f.nope=1&o.grip_size=huge&brand=abc,999&price=x-y&sort=random&page=zz&in_stock=maybe');
    expect(odd.total).toBe(7);
    expect(odd.sort).toBe('featured');
    const beyond = await list('?page=5');
    expect(beyond).toMatchObject({ items: [], total: 7, page: 5, pageCount: 1 });
  });

  it('search finds by type, option values and specs', async () => {
    expect(names(await list('?q=paddles')).sort()).toEqual(['Apex Elongated', 'Apex Hybrid', 'Bolt Elongated', 'Bolt Widebody']);
    expect(names(await list('?q=shoes'))).toEqual(['Court Runner']);
    expect((await list('?q=16mm')).total).toBe(4);
    expect(names(await list('?q=outdoor%20balls'))).toEqual(['Tournament Ball']);
    expect(names(await list('?q=elongated&type=paddles&in_stock=1')).sort()).toEqual(['Apex Elongated', 'Bolt Elongated']);
    // a typo when nothing matches exactly
    expect(names(await list('?q=bolte'))).toContain('Bolt Elongated');
  });

  it('pages by 24', async () => {
    const many: FacetProductSpec[] = Array.from({ length: 26 }, (_, index) => ({
      name: `Grip Tape ${String(index).padStart(2, '0')}`,
      type: 'accessories',
      variants: [{ price: '5.00', stock: 1 }],
    }));
    await insertCatalogueForFacets(t.db, many);
    const first = await list('?type=accessories&sort=name');
    expect([first.items.length, first.total, first.pageCount]).toEqual([24, 26, 2]);
    const second = await list('?type=accessories&sort=name&page=2');
    expect(names(second)).toEqual(['Grip Tape 24', 'Grip Tape 25']);
  });
});

describe('GET /api/catalog/compare', () => {
  it('answers the products in order with specs and offered options', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/catalog/compare?ids=${ids['Bolt Elongated']},${ids['Apex Hybrid']},999999` });
    expect(response.statusCode).toBe(200);
    const comparison = Comparison.parse(response.json());
    expect(comparison.products.map((p) => p.name)).toEqual(['Bolt Elongated', 'Apex Hybrid']);
    expect(comparison.products[0]!.specs.shape!.choices).toEqual(['Elongated']);
    expect(comparison.products[0]!.specs.static_weight).toMatchObject({ min: 8.4, max: 8.6 });
    expect(comparison.products[1]!.options).toEqual({ core_thickness: ['14 mm', '16 mm'], grip_size: ['4 1/4 in'] });
    expect(comparison.attributes.map((a) => a.key)).toContain('static_weight');
    expect(comparison.optionTypes.map((o) => o.key)).toEqual(['core_thickness', 'grip_size']);
  });

  it('refuses a bad id list with a 400', async () => {
    for (const query of ['', '?ids=', '?ids=a,b', '?ids=1,2,3,4,5']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/catalog/compare${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
