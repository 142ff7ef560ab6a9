import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCustomerUses, couponReservations } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';

// "Once per customer" holds when one customer checks out many times at once (decision 058: the customer's
// row is made before the order statement, which locks it). Runs on PGlite, and on PostgreSQL (real row
// locks, 20 pooled connections) when DATABASE_URL is set.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });

describe('a once-per-customer code under concurrency', () => {
  it('20 simultaneous checkouts of one customer get it once; another customer still can', async () => {
    const paddle = await addProduct(t.db, { stock: 100, price: '60.00' });
    const coupon = await addCoupon(t.db, { code: 'WELCOME10', type: 'fixed', amount: '10', usageLimit: 0, perCustomerLimit: 1 });
    // the same customer however the address is typed: the limit counts by the e-mail in lowercase
    const emails = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'pat@example.com' : '  PAT@Example.com '));
    const results = await Promise.all(
      emails.map((customerEmail) => create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'welcome10', customerEmail }))),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(results.filter((res) => res.statusCode === 409).map((res) => res.json().message)).toEqual(Array(19).fill('You have already used this coupon'));

    const uses = await t.db.select().from(couponCustomerUses).where(eq(couponCustomerUses.couponId, coupon.id));
    expect(uses).toEqual([{ couponId: coupon.id, customerKey: 'pat@example.com', uses: 1 }]);
    expect(await t.db.select().from(couponReservations).where(eq(couponReservations.couponId, coupon.id))).toHaveLength(1);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);
    // the refused checkouts took no stock
    expect(await stockOf(t.db, paddle.id)).toBe(99);

    // the limit is per customer, not a usage limit: someone else gets the $10 off
    const other = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'WELCOME10', customerEmail: 'sam@example.com' }));
    expect(other.statusCode).toBe(200);
    expect(await timesUsed(t.db, coupon.id)).toBe(2);
  });
});
