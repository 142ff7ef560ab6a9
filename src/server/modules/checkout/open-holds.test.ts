import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenHolds } from '#common/schemas/open-holds.ts';
import { orderEvents, orders, stockReservations } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The owner's view of open holds (unpaid orders holding stock) and the release of one: the order is
// closed through the payments workflow, its stock and coupon use back on sale.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  await configureShop(t.db);
});
afterAll(() => t.close());

const nextYear = new Date().getUTCFullYear() + 1;
const checkout = async (ip: string, items: Array<Record<string, unknown>>, overrides: Record<string, unknown> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody(items, overrides), remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: number; paymentIntentId: string };
};
const holds = async (): Promise<OpenHolds> => {
  const res = await admin.inject({ method: 'GET', url: '/api/admin/open-holds' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const release = (orderId: number) => admin.inject({ method: 'POST', url: `/api/admin/open-holds/${orderId}/release` });
const numberOf = async (orderId: number) => (await t.db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId)))[0]!.number;

describe('open holds', () => {
  it('lists unpaid orders holding stock with order number, client network, units, expiry and cart; paid and closed ones are not holds', async () => {
    const paddle = await addProduct(t.db, { name: 'Held Paddle', price: '40.00', stock: 50 });
    const balls = await addProduct(t.db, { name: 'Held Balls', price: '5.00', stock: 50 });
    const first = await checkout('203.0.113.21', [
      { productId: paddle.id, quantity: 2 },
      { productId: balls.id, quantity: 10 },
    ]);
    const second = await checkout('203.0.113.22', [{ productId: paddle.id, quantity: 3 }]);
    const sixFour = await checkout('2001:db8:aa:bb::5', [{ productId: balls.id, quantity: 1 }]);
    const paid = await checkout('203.0.113.23', [{ productId: paddle.id, quantity: 1 }]);
    const card = { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload: { paymentIntentId: paid.paymentIntentId, card } })).statusCode,
    ).toBe(200);

    const view = await holds();
    const byOrder = new Map(view.holds.map((hold) => [hold.orderId, hold]));
    expect(byOrder.has(paid.orderId)).toBe(false);
    expect(byOrder.get(first.orderId)).toMatchObject({
      orderNumber: await numberOf(first.orderId),
      customerName: 'Pat Dinker',
      clientAddress: '203.0.113.21',
      clientNetwork: '203.0.113.0/24',
      networkUnits: 15,
      units: 12,
      // the order's total, in cents: goods, shipping and tax
      total: Math.round(Number((await t.db.select({ total: orders.total }).from(orders).where(eq(orders.id, first.orderId)))[0]!.total) * 100),
      lines: [
        { productName: 'Held Paddle', variantName: null, sku: paddle.sku, quantity: 2 },
        { productName: 'Held Balls', variantName: null, sku: balls.sku, quantity: 10 },
      ],
    });
    expect(new Date(byOrder.get(first.orderId)!.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(byOrder.get(second.orderId)).toMatchObject({ clientNetwork: '203.0.113.0/24', networkUnits: 15, units: 3 });
    expect(byOrder.get(sixFour.orderId)).toMatchObject({ clientAddress: '2001:0db8:00aa:00bb::/64', clientNetwork: '2001:0db8:00aa::/48', units: 1 });
    // newest first
    expect(view.holds.map((hold) => hold.orderId).slice(0, 3)).toEqual([sixFour.orderId, second.orderId, first.orderId]);
    expect(view.total).toBe(view.holds.length);
    expect(view.units).toBe(view.holds.reduce((sum, hold) => sum + hold.units, 0));
  });

  it('release closes the unpaid order: its stock and coupon use come back, it cannot be paid, and the owner is on its history', async () => {
    const paddle = await addProduct(t.db, { name: 'Released Paddle', price: '80.00', stock: 5 });
    const coupon = await addCoupon(t.db, { code: 'HOLDTEN', type: 'fixed', amount: '10', usageLimit: 1 });
    const held = await checkout('198.51.100.40', [{ productId: paddle.id, quantity: 4 }], { couponCode: 'HOLDTEN' });
    expect(await stockOf(t.db, paddle.id)).toBe(1);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);

    const res = await release(held.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderId: held.orderId, orderNumber: await numberOf(held.orderId), units: 4 });
    expect(await stockOf(t.db, paddle.id)).toBe(5);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, held.orderId));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    const reservations = await t.db.select({ state: stockReservations.state }).from(stockReservations).where(eq(stockReservations.orderId, held.orderId));
    expect(reservations).toEqual([{ state: 'released' }]);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, held.orderId));
    expect(events.at(-1)).toMatchObject({ actor: `admin:${admin.id}`, note: 'Hold released by the shop' });
    expect((await holds()).holds.some((hold) => hold.orderId === held.orderId)).toBe(false);

    // the card cannot pay it any more
    const card = { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' };
    const late = await t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload: { paymentIntentId: held.paymentIntentId, card } });
    expect(late.statusCode).toBe(409);
    // released twice: nothing given back twice
    const again = await release(held.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Order #${await numberOf(held.orderId)} holds nothing any more: it was paid or closed meanwhile.`);
    expect(await stockOf(t.db, paddle.id)).toBe(5);
  });

  it('refuses to release a paid order (409) and answers 404 for none', async () => {
    const paddle = await addProduct(t.db, { price: '30.00', stock: 5 });
    const paid = await checkout('198.51.100.41', [{ productId: paddle.id, quantity: 1 }]);
    const card = { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' };
    await t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload: { paymentIntentId: paid.paymentIntentId, card } });
    const res = await release(paid.orderId);
    expect(res.statusCode).toBe(409);
    expect(await stockOf(t.db, paddle.id)).toBe(4);
    expect((await release(999_999)).statusCode).toBe(404);
  });

  it('admin only: others get 401/403 and release nothing', async () => {
    const paddle = await addProduct(t.db, { price: '30.00', stock: 5 });
    const held = await checkout('198.51.100.42', [{ productId: paddle.id, quantity: 2 }]);
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/admin/open-holds' },
        { method: 'POST', url: `/api/admin/open-holds/${held.orderId}/release` },
      ],
      async () => [await stockOf(t.db, paddle.id), (await t.db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, held.orderId)))[0]],
    );
    expect(await stockOf(t.db, paddle.id)).toBe(3);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/admin/open-holds'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/open-holds/{id}/release'] ?? {})).toContain('post');
  });
});
