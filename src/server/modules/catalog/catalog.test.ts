import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brand, Product } from '#common/schemas/catalog.ts';
import { products } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProductWithVariants, insertProducts } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let acme: number;
let zeta: number;
let paddleId: number;
let deletedId: number;

beforeAll(async () => {
  t = await createTestApp();
  const inserted = await insertBrands(t.db, [
    { name: 'Zeta Sports', description: 'Late in the alphabet', isFeatured: false },
    { name: 'Acme Paddles', description: 'Maker of fine paddles', isFeatured: true, imageUrl: '/uploads/acme-x.webp' },
  ]);
  zeta = inserted.find((b) => b.name === 'Zeta Sports')!.id;
  acme = inserted.find((b) => b.name === 'Acme Paddles')!.id;
  const rows = await insertProducts(t.db, [
    {
      brandId: acme,
      name: 'Graphite Pro',
      sku: 'ACM-GP-01',
      price: '129.99',
      description: 'A stiff graphite face',
      thickness: '16mm',
      color: 'Blue',
      stock: 12,
      isFeatured: true,
      releaseDate: new Date('2025-03-01T00:00:00Z'),
    },
    { brandId: zeta, name: 'Outdoor Ball 6-pack', sku: 'ZET-BALL-6', price: '19.5', stock: 0 },
    { brandId: zeta, name: '100% Cotton Tee', sku: 'ZET_TEE', price: '25', description: 'Soft shirt', stock: 3 },
    { brandId: null, name: 'Back\\slash Grip', sku: 'GRIP-1', price: '7.00', stock: 40 },
    { brandId: acme, name: 'Retired Paddle', sku: 'ACM-OLD', price: '50', isDeleted: true, isFeatured: true },
  ]);
  paddleId = rows.find((p) => p.sku === 'ACM-GP-01')!.id;
  deletedId = rows.find((p) => p.sku === 'ACM-OLD')!.id;
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/products${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Product[];
};
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('GET /api/products', () => {
  it('lists every product not deleted, ordered by name, in the Product shape', async () => {
    const items = await list();
    expect(names(items)).toEqual(['100% Cotton Tee', 'Back\\slash Grip', 'Graphite Pro', 'Outdoor Ball 6-pack']);
    for (const item of items) expect(() => Product.parse(item)).not.toThrow();
    const paddle = items.find((p) => p.id === paddleId)!;
    expect(paddle).toMatchObject({
      price: '129.99',
      thickness: '16mm',
      color: 'Blue',
      releaseDate: '2025-03-01T00:00:00.000Z',
      brand: { id: acme, name: 'Acme Paddles' },
    });
    expect(items.find((p) => p.sku === 'ZET-BALL-6')!.price).toBe('19.50');
    expect(items.find((p) => p.sku === 'GRIP-1')!.brand).toBeNull();
  });

  it('filters by brand', async () => {
    expect(names(await list(`?brandId=${zeta}`))).toEqual(['100% Cotton Tee', 'Outdoor Ball 6-pack']);
    expect(await list('?brandId=999999')).toEqual([]);
  });

  it('searches name, description, SKU and brand name without regard to case', async () => {
    expect(names(await list('?search=GRAPHITE'))).toEqual(['Graphite Pro']);
    expect(names(await list('?search=soft%20shirt'))).toEqual(['100% Cotton Tee']);
    expect(names(await list('?search=zet-ball'))).toEqual(['Outdoor Ball 6-pack']);
    expect(names(await list('?search=acme'))).toEqual(['Graphite Pro']);
    expect(names(await list(`?search=sports&brandId=${zeta}`))).toEqual(['100% Cotton Tee', 'Outdoor Ball 6-pack']);
    expect(names(await list(`?search=sports&brandId=${acme}`))).toEqual([]);
  });

  it('takes LIKE wildcards and backslashes in the term literally', async () => {
    expect(names(await list('?search=%25'))).toEqual(['100% Cotton Tee']);
    expect(names(await list('?search=_'))).toEqual(['100% Cotton Tee']);
    expect(names(await list('?search=%5C'))).toEqual(['Back\\slash Grip']);
    expect(await list('?search=%25%25')).toEqual([]);
  });

  it('treats a blank search as no search', async () => {
    expect(await list('?search=%20%20')).toHaveLength(4);
  });

  it('never lists deleted products, even when they match', async () => {
    expect(await list('?search=retired')).toEqual([]);
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', ''])('refuses brandId=%s with 400', async (value) => {
    const res = await t.app.inject({ url: `/api/products?brandId=${value}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('brandId'), issues: [{ path: 'brandId' }] });
  });

  it('refuses a search over 200 characters', async () => {
    const res = await t.app.inject({ url: `/api/products?search=${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a repeated parameter', async () => {
    const res = await t.app.inject({ url: '/api/products?search=a&search=b' });
    expect(res.statusCode).toBe(400);
  });

  it('lists only the products named by ids; unknown and deleted ids are simply absent', async () => {
    const ids = [paddleId, deletedId, 2_000_000_000].join(',');
    expect(names(await list(`?ids=${ids}`))).toEqual(['Graphite Pro']);
    expect(names(await list(`?ids=${paddleId}&brandId=${zeta}`))).toEqual([]);
  });

  it('takes up to 100 ids', async () => {
    const ids = [paddleId, ...Array.from({ length: 99 }, (_, i) => 1_000_000 + i)].join(',');
    expect(names(await list(`?ids=${ids}`))).toEqual(['Graphite Pro']);
  });

  it.each(['', '0', '-1', 'abc', '1.5', '1,,2', '1,', ' 1', '0x10', '99999999999', Array.from({ length: 101 }, (_, i) => i + 1).join(',')])(
    'refuses ids=%s with a 400 naming ids',
    async (ids) => {
      const res = await t.app.inject({ url: `/api/products?ids=${encodeURIComponent(ids)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ issues: [{ path: expect.stringContaining('ids') }] });
    },
  );
});

describe('GET /api/products/featured', () => {
  it('lists featured products that are not deleted', async () => {
    const res = await t.app.inject({ url: '/api/products/featured' });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Graphite Pro']);
    expect(res.json()[0]).toMatchObject({ variantCount: 1, price: '129.99', priceMax: '129.99' });
  });

  it('tells a card how many variants a product has and where its prices end, so it offers "Choose options"', async () => {
    const { product } = await insertProductWithVariants(t.db, {
      name: 'Featured Variant Paddle',
      isFeatured: true,
      variants: [
        { sku: 'FVP-14', price: '150.00', stock: 2, options: { core_thickness: '14 mm' } },
        { sku: 'FVP-16', price: '170.00', stock: 2, options: { core_thickness: '16 mm' } },
      ],
    });
    try {
      const featured = (await t.app.inject({ url: '/api/products/featured' })).json() as { id: number }[];
      expect(featured.find((row) => row.id === product.id)).toMatchObject({ variantCount: 2, price: '150.00', priceMax: '170.00' });
      const related = await t.app.inject({ url: `/api/products?search=${encodeURIComponent('Featured Variant')}` });
      expect(related.json()[0]).toMatchObject({ id: product.id, variantCount: 2 });
    } finally {
      await t.db.update(products).set({ isFeatured: false, isDeleted: true }).where(eq(products.id, product.id));
    }
  });
});

describe('GET /api/products/:id', () => {
  it('answers the product with its brand', async () => {
    const res = await t.app.inject({ url: `/api/products/${paddleId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: paddleId, name: 'Graphite Pro', brand: { id: acme, isFeatured: true } });
  });

  it('answers 404 for a deleted or missing product', async () => {
    for (const id of [deletedId, 999999]) {
      const res = await t.app.inject({ url: `/api/products/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
    }
  });

  // a slug is a key too (docs/decisions/024): "abc" is a product nobody has (404), "ABC" no key at all
  it.each(['ABC', '-1', '0', '1.5', '99999999999', '1e3_x', 'a--b'])('answers 400 for id %s', async (id) => {
    const res = await t.app.inject({ url: `/api/products/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid id/);
  });

  it('shows a product again once it is restored', async () => {
    await t.db.update(products).set({ isDeleted: false }).where(eq(products.id, deletedId));
    expect((await t.app.inject({ url: `/api/products/${deletedId}` })).statusCode).toBe(200);
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, deletedId));
  });
});

describe('brands', () => {
  it('GET /api/brands lists every brand by name', async () => {
    const res = await t.app.inject({ url: '/api/brands' });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Brand[];
    expect(names(items)).toEqual(['Acme Paddles', 'Zeta Sports']);
    for (const item of items) expect(() => Brand.parse(item)).not.toThrow();
  });

  it('GET /api/brands/featured lists featured brands only', async () => {
    const res = await t.app.inject({ url: '/api/brands/featured' });
    expect(res.json()).toEqual([
      { id: acme, name: 'Acme Paddles', slug: 'acme-paddles', description: 'Maker of fine paddles', imageUrl: '/uploads/acme-x.webp', isFeatured: true },
    ]);
  });

  it('GET /api/brands/:id answers the brand, 404 when missing, 400 for a bad id', async () => {
    expect((await t.app.inject({ url: `/api/brands/${zeta}` })).json()).toMatchObject({ id: zeta, name: 'Zeta Sports' });
    const missing = await t.app.inject({ url: '/api/brands/424242' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Brand not found' });
    expect((await t.app.inject({ url: '/api/brands/zeta-sports' })).json()).toMatchObject({ id: zeta, name: 'Zeta Sports' });
    expect((await t.app.inject({ url: '/api/brands/abc' })).statusCode).toBe(404);
    for (const id of ['Abc', '-1', '1.5', '99999999999']) {
      expect((await t.app.inject({ url: `/api/brands/${id}` })).statusCode).toBe(400);
    }
  });
});
