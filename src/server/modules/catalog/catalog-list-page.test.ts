import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogItem } from '#common/schemas/catalog-listing.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProductWithVariants, insertProducts } from '#server/test/catalog-fixtures.ts';

// The product lists are paged in SQL and written by PostgreSQL (catalog-list-page.ts): every page is the
// matching slice of the whole list, the total counts the whole list (past its end too), and every item is
// the card the mapped read writes for the same product.

let t: TestApp;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  const [brand] = await insertBrands(t.db, [{ name: 'Acme Paddles' }]);
  acme = brand!.id;
  await insertProducts(
    t.db,
    Array.from({ length: 12 }, (_, n) => ({
      brandId: n % 2 === 0 ? acme : null,
      name: `Court Paddle ${String(n).padStart(2, '0')}`,
      sku: `CP-${n}`,
      price: `${50 + n}.00`,
      stock: n % 5 === 0 ? 0 : 4,
      isFeatured: n % 3 === 0,
    })),
  );
  await insertProductWithVariants(t.db, {
    name: 'Variant Paddle',
    variants: [
      { sku: 'VP-1-A', price: '90.00', stock: 1, options: { core_thickness: '14 mm' } },
      { sku: 'VP-1-B', price: '110.00', stock: 2, options: { core_thickness: '16 mm' } },
    ],
  });
});
afterAll(() => t.close());

async function page(path: string) {
  const res = await t.app.inject({ url: path });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { items: res.json() as CatalogItem[], total: Number(res.headers['x-total-count']), link: String(res.headers.link) };
}

describe.each([
  ['the whole catalogue', '/api/products?'],
  ['a brand', `/api/products?brandId=ACME&`],
  ['a search', '/api/products?search=paddle&'],
  ['the featured products', '/api/products/featured?'],
])('%s, a page at a time', (_, base) => {
  const url = (query: string) => (base.includes('ACME') ? base.replace('ACME', String(acme)) : base) + query;

  it('answers each page as the slice of the whole list, with the whole list counted', async () => {
    const whole = await page(url('pageSize=200'));
    expect(whole.total).toBe(whole.items.length);
    expect(whole.items.length).toBeGreaterThan(3);
    for (const item of whole.items) expect(() => CatalogItem.parse(item)).not.toThrow();
    for (const at of [1, 2, 3]) {
      const slice = await page(url(`page=${at}&pageSize=3`));
      expect(slice.items).toEqual(whole.items.slice((at - 1) * 3, at * 3));
      expect(slice.total).toBe(whole.total);
    }
  });

  it('counts the list past its last page, and says where the last page is', async () => {
    const whole = await page(url('pageSize=200'));
    const past = await page(url('page=50&pageSize=3'));
    expect(past.items).toEqual([]);
    expect(past.total).toBe(whole.total);
    expect(past.link).toContain(`page=${Math.ceil(whole.total / 3)}&pageSize=3>; rel="last"`);
  });

  it('writes each card as the mapped read writes it for the same products', async () => {
    const { items } = await page(url('pageSize=200'));
    const byIds = await page(`/api/products?ids=${items.map((item) => item.id).join(',')}&pageSize=200`);
    const mapped = new Map(byIds.items.map((item) => [item.id, item]));
    for (const item of items) expect(JSON.stringify(item)).toBe(JSON.stringify(mapped.get(item.id)));
  });
});

it('lists sold-out products after the available ones, then by name', async () => {
  const { items } = await page('/api/products?pageSize=200');
  const firstSoldOut = items.findIndex((item) => item.stock === 0);
  expect(items.slice(firstSoldOut).every((item) => item.stock === 0)).toBe(true);
  const available = items.slice(0, firstSoldOut).map((item) => item.name);
  expect(available).toEqual([...available].sort((a, b) => a.localeCompare(b)));
});

it('gives the variant range as the card shows it', async () => {
  const { items } = await page('/api/products?search=variant&pageSize=200');
  expect(items).toEqual([expect.objectContaining({ name: 'Variant Paddle', price: '90.00', priceMax: '110.00', variantCount: 2 })]);
});
