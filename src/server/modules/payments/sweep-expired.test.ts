import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponReservations, orders, stockReservations } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/modules/checkout/testing/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { paymentContextFor } from './payment-context.ts';
import { sweepExpiredReservations } from './sweep-expired.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });

async function expire(orderId: number) {
  const past = new Date(Date.now() - 60_000);
  await t.db.update(stockReservations).set({ expiresAt: past }).where(eq(stockReservations.orderId, orderId));
  await t.db.update(couponReservations).set({ expiresAt: past }).where(eq(couponReservations.orderId, orderId));
}

describe('abandoned payments (reservation older than 30 minutes)', () => {
  it('give their stock and coupon use back, at the next checkout, exactly once', async () => {
    const product = await addProduct(t.db, { name: 'Abandoned', stock: 3, price: '60.00' });
    const coupon = await addCoupon(t.db, { code: 'LASTONE', type: 'fixed', amount: '5', usageLimit: 1 });
    const first = await create(checkoutBody([{ productId: product.id, quantity: 3 }], { couponCode: 'LASTONE' }));
    expect(first.statusCode).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(0);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);

    const blocked = await create(checkoutBody([{ productId: product.id, quantity: 1 }]));
    expect(blocked.statusCode).toBe(409);

    await expire(first.json().orderId);
    // the sweep at the start of this checkout gives the 3 units and the coupon use back first
    const second = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { couponCode: 'lastone' }));
    expect(second.statusCode).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(2);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);

    const [abandoned] = await t.db.select().from(orders).where(eq(orders.id, first.json().orderId));
    expect(abandoned).toMatchObject({ paymentStatus: 'cancelled', status: 'cancelled' });

    // sweeping again gives nothing back twice
    expect(await sweepExpiredReservations(paymentContextFor(t), new Date(Date.now() + 1000))).toBe(0);
    expect(await stockOf(t.db, product.id)).toBe(2);

    // and the abandoned payment can no longer be paid
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: first.json().paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment has expired. Please return to your cart and check out again.');
  });

  it('leave paid orders alone', async () => {
    const product = await addProduct(t.db, { stock: 5 });
    const res = await create(checkoutBody([{ productId: product.id, quantity: 2 }]));
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: res.json().paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
    });
    await expire(res.json().orderId);
    expect(await sweepExpiredReservations(paymentContextFor(t))).toBe(0);
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it('do not keep a closed app alive: the sweep timer stops on close', async () => {
    const other = await createTestApp();
    await other.close();
  });
});
