import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Product } from '#common/schemas/catalog.ts';
import { orderItems, orders, products } from '#server/db/schema.ts';
import { expectAdminOnly, multipartBody, pngFile } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: 'Acme' });
  brandId = brand!.id;
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({ name: 'Carbon Pro', price: '129.99', brandId: String(brandId), stock: '5', ...fields });
const create = async (fields: Record<string, string> = {}) => admin.inject({ method: 'POST', url: '/api/products', ...(await multipartBody(form(fields))) });

describe('product admin guards', () => {
  it('refuses anonymous (401) and regular users (403) on every product write, changing nothing', async () => {
    const [product] = await insertProducts(t.db, { name: 'Guarded', price: '1', brandId });
    await expectAdminOnly(
      t,
      [
        { method: 'POST', url: '/api/products', form: { ...form({}), image: await pngFile() } },
        { method: 'PATCH', url: `/api/products/${product!.id}`, form: { name: 'Renamed' } },
        { method: 'DELETE', url: `/api/products/${product!.id}` },
        { method: 'PATCH', url: `/api/products/${product!.id}/featured`, payload: { isFeatured: true } },
      ],
      () => t.db.select().from(products).orderBy(products.id),
    );
  });
});

describe('POST /api/products', () => {
  it('creates a product from the multipart fields', async () => {
    const res = await create({
      sku: 'ACM-CP-1',
      description: 'Raw carbon face',
      thickness: '16mm',
      color: 'Black',
      releaseDate: '2025-04-01T00:00:00.000Z',
      isFeatured: 'true',
    });
    expect(res.statusCode).toBe(201);
    expect(Product.parse(res.json())).toMatchObject({
      name: 'Carbon Pro',
      price: '129.99',
      brandId,
      stock: 5,
      sku: 'ACM-CP-1',
      thickness: '16mm',
      color: 'Black',
      releaseDate: '2025-04-01T00:00:00.000Z',
      isFeatured: true,
      brand: { id: brandId, name: 'Acme' },
    });
  });

  it('lists every issue with its path and the spec messages', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/products',
      ...(await multipartBody({ name: '', price: '-3', brandId: '', stock: '2.5', isFeatured: 'yes', releaseDate: 'soon' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'price', message: 'Price cannot be negative' },
        { path: 'brandId', message: 'Brand selection is required' },
        { path: 'stock', message: 'Stock must be a whole number' },
        { path: 'isFeatured', message: 'isFeatured must be true or false' },
        { path: 'releaseDate', message: 'Release date must be an ISO date-time' },
      ]),
    );
  });

  it('accepts a JSON body with a numeric price and sends the price back as text', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/products', payload: { name: 'Balls', price: 12.5, brandId, stock: 0 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: '12.50', stock: 0, isFeatured: false, sku: null });
  });

  it('refuses an unknown brand with 400 and a duplicate SKU with 409', async () => {
    const unknown = await create({ brandId: '999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Brand not found', issues: [{ path: 'brandId', message: 'Brand not found' }] });
    await create({ sku: 'DUP-1' });
    const dup = await create({ sku: 'DUP-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A product with SKU "DUP-1" already exists' });
  });
});

describe('PATCH /api/products/:id', () => {
  it('changes only the fields sent; an empty optional field clears it', async () => {
    const created = (await create({ sku: 'PATCH-1', color: 'Red' })).json();
    const res = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${created.id}`,
      ...(await multipartBody({ price: '99', stock: '0', color: '' })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Carbon Pro', price: '99.00', stock: 0, color: null, sku: 'PATCH-1' });
  });

  it('validates like create and answers 404 for a missing product', async () => {
    const created = (await create()).json();
    const bad = await admin.inject({ method: 'PATCH', url: `/api/products/${created.id}`, ...(await multipartBody({ brandId: '0' })) });
    expect(bad.json().issues).toEqual([{ path: 'brandId', message: 'Brand selection is required' }]);
    const missing = await admin.inject({ method: 'PATCH', url: '/api/products/999999', payload: { stock: 1 } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/products/:id', () => {
  it('removes a product that was never ordered', async () => {
    const created = (await create()).json();
    const res = await admin.inject({ method: 'DELETE', url: `/api/products/${created.id}` });
    expect(res.json()).toEqual({ id: created.id, deleted: true, softDeleted: false });
    expect(await t.db.select().from(products).where(eq(products.id, created.id))).toEqual([]);
  });

  it('only hides an ordered product, so order history keeps its name, and frees its SKU', async () => {
    const created = (await create({ sku: 'KEEP-1', name: 'History Paddle' })).json();
    const [order] = await t.db.insert(orders).values({ customerEmail: 'b@example.com', customerName: 'Bo', total: '129.99' }).returning();
    await t.db.insert(orderItems).values({ orderId: order!.id, productId: created.id, productName: 'History Paddle', quantity: 1, price: '129.99' });

    const res = await admin.inject({ method: 'DELETE', url: `/api/products/${created.id}` });
    expect(res.json()).toEqual({ id: created.id, deleted: true, softDeleted: true });
    const [row] = await t.db.select().from(products).where(eq(products.id, created.id));
    expect(row).toMatchObject({ isDeleted: true, name: 'History Paddle', sku: null });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({ productId: created.id, productName: 'History Paddle' });

    expect((await t.app.inject({ url: `/api/products/${created.id}` })).statusCode).toBe(404);
    const active = (await admin.inject({ url: '/api/orders/active' })).json() as { id: number; items: { productName: string }[] }[];
    expect(active.find((o) => o.id === order!.id)!.items).toEqual([expect.objectContaining({ productId: created.id, productName: 'History Paddle' })]);
    expect((await create({ sku: 'KEEP-1' })).statusCode).toBe(201);
    expect((await admin.inject({ method: 'DELETE', url: `/api/products/${created.id}` })).statusCode).toBe(404);
  });
});

describe('PATCH /api/products/:id/featured', () => {
  it('toggles the flag without a limit', async () => {
    const created = (await create()).json();
    const on = await admin.inject({ method: 'PATCH', url: `/api/products/${created.id}/featured`, payload: { isFeatured: true } });
    expect(on.json()).toMatchObject({ id: created.id, isFeatured: true });
    const off = await admin.inject({ method: 'PATCH', url: `/api/products/${created.id}/featured`, payload: { isFeatured: false } });
    expect(off.json()).toMatchObject({ id: created.id, isFeatured: false });
    const bad = await admin.inject({ method: 'PATCH', url: `/api/products/${created.id}/featured`, payload: {} });
    expect(bad.statusCode).toBe(400);
  });
});
