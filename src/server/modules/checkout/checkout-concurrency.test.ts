import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponReservations, orders, stockReservations } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';

// Two shoppers can never buy the last unit twice (docs/decisions/002-reserve-stock-at-payment-creation.md). Runs on PGlite, and on
// PostgreSQL (real row locks, 20 pooled connections) when DATABASE_URL is set.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });

describe('concurrent checkouts', () => {
  it('100 concurrent checkouts for a product with stock 10 give exactly 10 orders and stock 0', async () => {
    const paddle = await addProduct(t.db, { name: 'Last Ten', stock: 10, price: '25.00' });
    const results = await Promise.all(Array.from({ length: 100 }, () => create(checkoutBody([{ productId: paddle.id, quantity: 1 }]))));
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(90);
    expect(codes.some((code) => code >= 500)).toBe(false);
    expect(await stockOf(t.db, paddle.id)).toBe(0);
    const held = await t.db.select().from(stockReservations).where(eq(stockReservations.productId, paddle.id));
    expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(10);
    const ids = new Set(held.map((row) => row.orderId));
    expect(ids.size).toBe(10);
    // no order was left behind by a losing transaction
    const all = await t.db.select({ id: orders.id }).from(orders);
    expect(all.filter((row) => ids.has(row.id))).toHaveLength(10);
    expect(results.filter((res) => res.statusCode === 409).every((res) => /^(Only \d+ left of|Last Ten is out of stock)/.test(res.json().message))).toBe(true);
  });

  it('a coupon with usage limit 1 used by 20 concurrent checkouts is counted once', async () => {
    const paddle = await addProduct(t.db, { stock: 100, price: '60.00' });
    const coupon = await addCoupon(t.db, { code: 'ONCEONLY', type: 'fixed', amount: '10', usageLimit: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'ONCEONLY' }))),
    );
    const ok = results.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 409).every((res) => res.json().message === 'This coupon has reached its usage limit')).toBe(true);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);
    const uses = await t.db.select().from(couponReservations).where(eq(couponReservations.couponId, coupon.id));
    expect(uses).toHaveLength(1);
    // the losers took no stock either
    expect(await stockOf(t.db, paddle.id)).toBe(99);
  });
});
