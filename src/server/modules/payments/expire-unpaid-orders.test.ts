import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { expireUnpaidOrders, scheduleOrderExpiry } from './expire-unpaid-orders.ts';
import type { PaymentContext } from './payment-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });
const pastDeadline = (orderId: number) =>
  t.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
};

describe('unpaid orders past their deadline', () => {
  it('give their stock and coupon use back exactly once, without waiting for a checkout', async () => {
    const product = await addProduct(t.db, { name: 'Abandoned', stock: 3, price: '60.00' });
    const coupon = await addCoupon(t.db, { code: 'LASTONE', type: 'fixed', amount: '5', usageLimit: 1 });
    const first = await create(checkoutBody([{ productId: product.id, quantity: 3 }], { couponCode: 'LASTONE' }));
    expect(first.statusCode).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(0);
    expect((await create(checkoutBody([{ productId: product.id, quantity: 1 }]))).statusCode).toBe(409);

    await pastDeadline(first.json().orderId);
    expect(await expireUnpaidOrders(t.services.payments)).toBe(1);
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    const [abandoned] = await t.db.select().from(orders).where(eq(orders.id, first.json().orderId));
    expect(abandoned).toMatchObject({ paymentStatus: 'expired', status: 'cancelled' });

    expect(await expireUnpaidOrders(t.services.payments, new Date(Date.now() + 1000))).toBe(0);
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it('leave paid orders alone', async () => {
    const product = await addProduct(t.db, { stock: 5 });
    const res = await create(checkoutBody([{ productId: product.id, quantity: 2 }]));
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: res.json().paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
    });
    await pastDeadline(res.json().orderId);
    expect(await expireUnpaidOrders(t.services.payments)).toBe(0);
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it('are closed on a schedule; a run stuck on a stalled provider times out and the next run goes on', async () => {
    const product = await addProduct(t.db, { stock: 4 });
    const res = await create(checkoutBody([{ productId: product.id, quantity: 4 }]));
    await pastDeadline(res.json().orderId);
    const real = t.services.payments;
    let calls = 0;
    const stalling: PaymentContext = {
      ...real,
      provider: {
        ...real.provider,
        // the first cancel never answers, as a provider behind a dead connection would not
        cancelPayment: (id) => (++calls === 1 ? new Promise(() => {}) : real.provider.cancelPayment(id)),
      },
    };
    const schedule = scheduleOrderExpiry(stalling, { intervalMs: 30, timeoutMs: 100 });
    try {
      expect(await until(async () => (await stockOf(t.db, product.id)) === 4)).toBe(true);
      expect(calls).toBeGreaterThanOrEqual(2);
    } finally {
      schedule.stop();
    }
    const callsAfterStop = calls;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toBe(callsAfterStop);
  });
});
