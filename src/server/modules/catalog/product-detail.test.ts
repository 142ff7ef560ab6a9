import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Product, ProductDetail, VariantStock } from '#common/schemas/catalog.ts';
import { products } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProductWithVariants, insertProducts } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let paddle: Awaited<ReturnType<typeof insertProductWithVariants>>;
let brandA: number;
let brandB: number;

const get = async (url: string) => t.app.inject({ url });

beforeAll(async () => {
  t = await createTestApp();
  [brandA, brandB] = (await insertBrands(t.db, [{ name: 'Alpha' }, { name: 'Beta' }])).map((brand) => brand.id) as [number, number];
  paddle = await insertProductWithVariants(t.db, {
    name: 'Vector 16',
    brandId: brandA,
    usapaStatus: 'approved',
    usapaCheckedOn: '2026-10-01',
    images: [
      { url: '/uploads/vector-front.webp', alt: 'Vector 16, front' },
      { url: '/uploads/vector-back.webp', alt: 'Vector 16, back' },
    ],
    // listed out of axis and value order on purpose
    variants: [
      { sku: 'VEC-16-438', price: '189.00', stock: 0, options: { grip_size: '4 3/8 in', core_thickness: '16 mm' } },
      { sku: 'VEC-14-414', price: '179.00', compareAtPrice: '199.00', stock: 4, options: { core_thickness: '14 mm', grip_size: '4 1/4 in' }, image: 1 },
      { sku: 'VEC-16-414', price: '189.00', stock: 7, options: { core_thickness: '16 mm', grip_size: '4 1/4 in' }, specs: { static_weight: [8.1, 8.4] } },
    ],
    specs: { static_weight: [7.9, 8.3], shape: 'Elongated', length: 16.5 },
  });
});
afterAll(() => t.close());

describe('GET /api/products/:id (the product page)', () => {
  it('answers the product with its type, axes, variants, gallery and spec values', async () => {
    const res = await get(`/api/products/${paddle.product.id}`);
    expect(res.statusCode).toBe(200);
    const detail = ProductDetail.parse(res.json());
    expect(detail).toMatchObject({ name: 'Vector 16', price: '179.00', stock: 11, sku: null, usapaStatus: 'approved', usapaCheckedOn: '2026-10-01' });
    expect(detail.brand).toMatchObject({ id: brandA, name: 'Alpha' });
    expect(detail.productType.slug).toBe('paddles');
    expect(detail.productType.options.map((axis) => axis.key)).toEqual(['core_thickness', 'grip_size', 'color']);
    expect(detail.productType.attributes.map((attribute) => attribute.key).slice(0, 3)).toEqual(['static_weight', 'shape', 'face_material']);
    expect(detail.productType.attributes[0]).toMatchObject({ kind: 'range', unit: 'oz', isFilter: true });
    expect(detail.images).toEqual([
      { id: paddle.images[0]!.id, url: '/uploads/vector-front.webp', alt: 'Vector 16, front', position: 0 },
      { id: paddle.images[1]!.id, url: '/uploads/vector-back.webp', alt: 'Vector 16, back', position: 1 },
    ]);
  });

  it('lists only the axes and values the variants use, values by size, options in axis order', async () => {
    const detail = ProductDetail.parse((await get(`/api/products/${paddle.product.id}`)).json());
    expect(detail.options.map((axis) => [axis.key, axis.values.map((value) => value.label)])).toEqual([
      ['core_thickness', ['14 mm', '16 mm']],
      ['grip_size', ['4 1/4 in', '4 3/8 in']],
    ]);
    expect(detail.options[1]!.values[0]!.sortValue).toBe(4.25);
    expect(detail.variants.map((variant) => [variant.sku, variant.options.map((option) => option.label)])).toEqual([
      ['VEC-16-438', ['16 mm', '4 3/8 in']],
      ['VEC-14-414', ['14 mm', '4 1/4 in']],
      ['VEC-16-414', ['16 mm', '4 1/4 in']],
    ]);
    const cheap = detail.variants[1]!;
    expect(cheap).toMatchObject({ price: '179.00', compareAtPrice: '199.00', stock: 4, imageId: paddle.images[1]!.id });
    expect(detail.variants[0]).toMatchObject({ price: '189.00', compareAtPrice: null, stock: 0 });
  });

  it('sends spec values typed: ranges and numbers as min/max, choices, and variant overrides', async () => {
    const detail = ProductDetail.parse((await get(`/api/products/${paddle.product.id}`)).json());
    const byKey = (key: string) => detail.productType.attributes.find((attribute) => attribute.key === key)!.id;
    const weights = detail.attributes.filter((value) => value.attributeId === byKey('static_weight'));
    expect(weights).toEqual([
      { attributeId: byKey('static_weight'), variantId: null, min: 7.9, max: 8.3, choices: null, flag: null, text: null },
      { attributeId: byKey('static_weight'), variantId: paddle.variants[2]!.id, min: 8.1, max: 8.4, choices: null, flag: null, text: null },
    ]);
    expect(detail.attributes.find((value) => value.attributeId === byKey('shape'))).toMatchObject({ choices: ['Elongated'], min: null });
    expect(detail.attributes.find((value) => value.attributeId === byKey('length'))).toMatchObject({ min: 16.5, max: 16.5 });
  });

  it('answers a product without options as one variant and no axes', async () => {
    const [grip] = await insertProducts(t.db, { name: 'Plain Grip', sku: 'PLAIN-1', price: '6.5', stock: 3, imageUrl: '/uploads/grip.webp' });
    const detail = ProductDetail.parse((await get(`/api/products/${grip!.id}`)).json());
    expect(detail.options).toEqual([]);
    expect(detail.variants).toEqual([expect.objectContaining({ sku: 'PLAIN-1', price: '6.50', stock: 3, options: [] })]);
    expect(detail.images).toEqual([expect.objectContaining({ url: '/uploads/grip.webp', alt: 'Plain Grip' })]);
    expect(detail.attributes).toEqual([]);
    expect(detail.productType.slug).toBe('accessories');
  });

  it("writes the product's own fields as every other read writes them, and nothing its schema does not name", async () => {
    // PostgreSQL writes the page's answer (product-detail.ts), the JavaScript views write the lists (catalog-views.ts)
    const [odd] = await insertProducts(t.db, {
      name: 'Odd Fields',
      sku: 'ODD-1',
      price: '7',
      stock: 2,
      brandId: null,
      releaseDate: new Date('2025-03-04T05:06:07.891Z'),
      usapaCheckedOn: '2026-01-02',
      ratingAverage: '4.33',
      ratingCount: 3,
    });
    for (const id of [paddle.product.id, odd!.id]) {
      const detail = (await get(`/api/products/${id}`)).json() as Record<string, unknown>;
      expect(ProductDetail.parse(detail)).toEqual(detail);
      const [card] = (await get(`/api/products?ids=${id}`)).json() as Array<Record<string, unknown>>;
      const own = [...Object.keys(Product.shape), 'ratingAverage', 'ratingCount'];
      expect(Object.fromEntries(own.map((key) => [key, detail[key]]))).toEqual(Object.fromEntries(own.map((key) => [key, card![key]])));
    }
    expect((await get(`/api/products/${odd!.id}`)).json()).toMatchObject({
      price: '7.00',
      brand: null,
      releaseDate: '2025-03-04T05:06:07.891Z',
      usapaCheckedOn: '2026-01-02',
      ratingAverage: 4.33,
    });
  });

  it('answers 404 for a deleted product', async () => {
    const gone = await insertProductWithVariants(t.db, { name: 'Gone', variants: [{ sku: 'GONE-1', price: '10', stock: 1 }] });
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, gone.product.id));
    const res = await get(`/api/products/${gone.product.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found' });
  });
});

describe('GET /api/products/:id/related', () => {
  it('lists up to 4 products of the same type in stock, the same brand first, then the nearest price', async () => {
    const make = (name: string, brandId: number, price: string, stock: number, type = 'paddles') =>
      insertProductWithVariants(t.db, { name, brandId, type, variants: [{ sku: `REL-${name}`, price, stock }] });
    await make('Beta Near', brandB, '180.00', 5);
    await make('Beta Far', brandB, '60.00', 5);
    await make('Alpha Far', brandA, '20.00', 5);
    await make('Alpha Sold Out', brandA, '179.00', 0);
    await make('Alpha Ball', brandA, '179.00', 9, 'balls');
    await make('Beta Mid', brandB, '150.00', 5);
    await make('Beta Farther', brandB, '10.00', 5);
    const res = await get(`/api/products/${paddle.product.id}/related`);
    expect(res.statusCode).toBe(200);
    const related = (res.json() as Product[]).map((product) => Product.parse(product));
    expect(related.map((product) => product.name)).toEqual(['Alpha Far', 'Beta Near', 'Beta Mid', 'Beta Far']);
    expect(related[0]!.brand).toMatchObject({ name: 'Alpha' });
  });

  it('answers 404 for a missing product and 400 for a bad id', async () => {
    expect((await get('/api/products/999999/related')).statusCode).toBe(404);
    expect((await get('/api/products/abc/related')).statusCode).toBe(400);
  });
});

describe('GET /api/variants', () => {
  it('answers price, stock and SKU of the named variants; unknown ones are absent', async () => {
    const ids = [paddle.variants[1]!.id, paddle.variants[0]!.id, 2_000_000_000].join(',');
    const res = await get(`/api/variants?ids=${ids}`);
    expect(res.statusCode).toBe(200);
    const variants = (res.json() as VariantStock[]).map((variant) => VariantStock.parse(variant));
    expect(variants).toEqual([
      { id: paddle.variants[0]!.id, productId: paddle.product.id, sku: 'VEC-16-438', price: '189.00', stock: 0 },
      { id: paddle.variants[1]!.id, productId: paddle.product.id, sku: 'VEC-14-414', price: '179.00', stock: 4 },
    ]);
  });

  it('leaves out the variants of a deleted product', async () => {
    const gone = await insertProductWithVariants(t.db, { name: 'Gone Too', variants: [{ sku: 'GONE-2', price: '10', stock: 1 }] });
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, gone.product.id));
    expect((await get(`/api/variants?ids=${gone.variants[0]!.id}`)).json()).toEqual([]);
  });

  it.each(['', '0', 'abc', '1,,2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')])('refuses ids=%s with a 400 naming ids', async (ids) => {
    const res = await get(`/api/variants?ids=${encodeURIComponent(ids)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ issues: [{ path: expect.stringContaining('ids') }] });
  });

  it('refuses a request without ids', async () => {
    expect((await get('/api/variants')).statusCode).toBe(400);
  });
});
