import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, products, siteSettings } from '#server/db/schema.ts';
import { multipartBody } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';
import { takeStock } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: 'Stockist' });
  brandId = brand!.id;
});
afterAll(() => t.close());

async function productWithStock(stock: number, name = 'Edge Paddle') {
  const [row] = await insertProducts(t.db, { name, price: '80.00', brandId, stock });
  return row!;
}

// what a reservation at checkout does to stock while an admin has the product form open
const sellUnits = (id: number, units: number) => takeStock(t.db, id, units);

const stockOf = async (id: number) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

const saveForm = async (id: number, fields: Record<string, string>) =>
  admin.inject({ method: 'PATCH', url: `/api/products/${id}`, ...(await multipartBody(fields)) });

describe('PATCH /api/products/:id stock edits', () => {
  it('refuses a stale stock save with 409 naming the product and its current stock, changing nothing', async () => {
    const product = await productWithStock(10);
    await sellUnits(product.id, 3);

    const res = await saveForm(product.id, { name: 'Renamed Paddle', stock: '12', stockWas: '10' });

    expect(res.statusCode).toBe(409);
    const message =
      'Stock of Edge Paddle changed to 7 since you opened this form (a sale or another edit). Nothing was saved: reload to see it, then save again.';
    expect(res.json()).toEqual({ message, issues: [{ path: 'stock', message }] });
    const [after] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(after).toMatchObject({ stock: 7, name: 'Edge Paddle' });
  });

  it('applies a stock change whose stockWas still matches', async () => {
    const product = await productWithStock(4);
    const res = await saveForm(product.id, { stock: '9', stockWas: '4' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stock: 9 });
  });

  it('saves the other fields and keeps the sold-down stock when the form left stock as loaded', async () => {
    const product = await productWithStock(10);
    await sellUnits(product.id, 4);

    // the admin form sends every field; stock as it loaded it
    const res = await saveForm(product.id, { name: 'Edge Paddle II', price: '85', brandId: String(brandId), stock: '10', stockWas: '10' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edge Paddle II', price: '85.00', stock: 6 });
    expect(await stockOf(product.id)).toBe(6);
  });

  it('leaves stock alone when the save does not mention it', async () => {
    const product = await productWithStock(5);
    await sellUnits(product.id, 2);
    const res = await saveForm(product.id, { color: 'Teal' });
    expect(res.json()).toMatchObject({ color: 'Teal', stock: 3 });
  });

  it('still sets stock outright for a client that sends stock without stockWas', async () => {
    const product = await productWithStock(5);
    await sellUnits(product.id, 2);
    const res = await admin.inject({ method: 'PATCH', url: `/api/products/${product.id}`, payload: { stock: 20 } });
    expect(res.json()).toMatchObject({ stock: 20 });
  });

  it('answers 400 for a bad stockWas or one without stock, and 404 for a missing product', async () => {
    const product = await productWithStock(5);
    const bad = await saveForm(product.id, { stock: '6', stockWas: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'stockWas', message: 'stockWas cannot be negative' }]);
    const alone = await saveForm(product.id, { stockWas: '5' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().issues).toEqual([{ path: 'stockWas', message: 'stockWas needs the new stock beside it' }]);
    const missing = await saveForm(999_999, { stock: '6', stockWas: '5' });
    expect(missing.statusCode).toBe(404);
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe('money fields above numeric(10,2)', () => {
  it('stores the largest price the column holds', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/products', payload: { name: 'Gold Paddle', price: '99999999.99', brandId } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: '99999999.99' });
  });

  it('refuses a larger price, coupon amount or shipping setting with 400 before writing', async () => {
    const product = await productWithStock(1, 'Priced Paddle');
    const countProducts = async () => (await t.db.select().from(products)).length;
    const productsBefore = await countProducts();

    const created = await admin.inject({ method: 'POST', url: '/api/products', payload: { name: 'Too Dear', price: '100000000', brandId } });
    expect(created.statusCode).toBe(400);
    expect(created.json().issues).toEqual([{ path: 'price', message: 'Price must be at most 99999999.99' }]);
    expect(await countProducts()).toBe(productsBefore);

    const updated = await saveForm(product.id, { price: '99999999.991' });
    expect(updated.statusCode).toBe(400);
    expect((await t.db.select().from(products).where(eq(products.id, product.id)))[0]!.price).toBe('80.00');

    const coupon = await admin.inject({ method: 'POST', url: '/api/coupons', payload: { code: 'HUGE', type: 'fixed', amount: '123456789' } });
    expect(coupon.statusCode).toBe(400);
    expect(coupon.json().issues).toEqual([{ path: 'amount', message: 'Amount must be at most 99999999.99' }]);
    expect(await t.db.select().from(coupons).where(eq(coupons.code, 'HUGE'))).toEqual([]);

    const settingsBefore = await t.db.select().from(siteSettings);
    const settings = await admin.inject({
      method: 'POST',
      url: '/api/site-settings',
      ...(await multipartBody({ shippingCost: '1e9', freeShippingThreshold: '100000000.00' })),
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().issues).toEqual([
      { path: 'shippingCost', message: 'Shipping cost must be at most 99999999.99' },
      { path: 'freeShippingThreshold', message: 'Free shipping threshold must be at most 99999999.99' },
    ]);
    expect(await t.db.select().from(siteSettings)).toEqual(settingsBefore);
  });
});
