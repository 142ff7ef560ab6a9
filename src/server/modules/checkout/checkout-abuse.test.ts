import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, orders } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { setProductPrice } from '#server/test/catalog-fixtures.ts';

// Hostile and unlucky sequences against checkout: each of these passed on the first version of the shop.

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' });

describe('a single-use coupon, a declined card and a price rise', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await configureShop(t.db);
  });
  afterAll(() => t.close());

  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });
  const confirm = (paymentIntentId: string, number: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload: { paymentIntentId, card: card(number) } });

  it('can never be paid at the old price: five declined orders stay closed, the coupon is used at most once', async () => {
    const paddle = await addProduct(t.db, { name: 'Gen 3 Paddle', price: '200.00', stock: 10 });
    const coupon = await addCoupon(t.db, { code: 'ONCE50', type: 'percentage', amount: '50', usageLimit: 1 });
    const declined: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'ONCE50' }));
      expect(res.statusCode).toBe(200);
      expect((await confirm(res.json().paymentIntentId, '4000000000000002')).json().status).toBe('failed');
      declined.push(res.json().paymentIntentId);
    }
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    expect(await stockOf(t.db, paddle.id)).toBe(10);

    await t.db.update(coupons).set({ isActive: false }).where(eq(coupons.id, coupon.id));
    await setProductPrice(t.db, paddle.id, '260.00');
    for (const paymentIntentId of declined) {
      const late = await confirm(paymentIntentId, '4242424242424242');
      expect(late.statusCode).toBe(409);
    }
    const paid = await t.db.select().from(orders).where(eq(orders.paymentStatus, 'succeeded'));
    expect(paid).toHaveLength(0);
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    expect(await stockOf(t.db, paddle.id)).toBe(10);

    // checking out again meets today's price and a coupon that no longer works
    const withCoupon = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'ONCE50' }));
    expect(withCoupon.statusCode).toBeGreaterThanOrEqual(400);
    expect(withCoupon.statusCode).toBeLessThan(500);
    const fresh = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }]));
    expect(fresh.json().totals.subtotal).toBe(26_000);
  });

  it('a coupon use is counted once per paid order and under its limit, and comes back with the order', async () => {
    const paddle = await addProduct(t.db, { price: '100.00', stock: 10 });
    const coupon = await addCoupon(t.db, { code: 'TWICE', type: 'fixed', amount: '10', usageLimit: 2 });
    const a = (await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'TWICE' }))).json();
    const b = (await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'TWICE' }))).json();
    const third = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'TWICE' }));
    expect(third.statusCode).toBe(409);
    await confirm(a.paymentIntentId, '4242424242424242');
    await confirm(a.paymentIntentId, '4242424242424242');
    expect(await timesUsed(t.db, coupon.id)).toBe(2);
    // b is abandoned: once it expires its use is free again, and only then
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, b.orderId));
    expect((await confirm(b.paymentIntentId, '4242424242424242')).statusCode).toBe(409);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);
  });

  it('an order the owner cancelled cannot be paid afterwards and does not flip back to processing', async () => {
    const admin = await t.signIn({ admin: true });
    const paddle = await addProduct(t.db, { price: '90.00', stock: 3 });
    const order = (await create(checkoutBody([{ productId: paddle.id, quantity: 2 }]))).json();
    const cancel = await admin.inject({ method: 'PATCH', url: `/api/orders/${order.orderId}/status`, payload: { status: 'cancelled' } });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(t.db, paddle.id)).toBe(3);
    const late = await confirm(order.paymentIntentId, '4242424242424242');
    expect(late.statusCode).toBe(409);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(await stockOf(t.db, paddle.id)).toBe(3);
  });
});

describe('quotas: one visitor cannot hold the catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_OPEN_ORDERS_LIMIT: '3', CHECKOUT_OPEN_UNITS_LIMIT: '200', CHECKOUT_RATE_LIMIT: '1000' });
    await configureShop(t.db);
  });
  afterAll(() => t.close());

  const create = (payload: object, ip = '203.0.113.7') => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload, remoteAddress: ip });
  const catalogue = async () => Promise.all(Array.from({ length: 41 }, () => addProduct(t.db, { price: '10.00', stock: 42 })));

  it('one request cannot reserve the whole catalogue, and the storefront stays in stock', async () => {
    const all = await catalogue();
    const hoard = await create(checkoutBody(all.map((product) => ({ productId: product.id, quantity: 42 }))));
    expect(hoard.statusCode).toBe(429);
    expect(hoard.json().message).toContain('at most 200 items');
    const huge = await create(checkoutBody(all.map((product) => ({ productId: product.id, quantity: 999 }))));
    expect(huge.statusCode).toBe(400);
    const listed = (await t.app.inject({ url: '/api/products' })).json() as Array<{ id: number; stock: number }>;
    const ids = new Set(all.map((product) => product.id));
    expect(listed.filter((product) => ids.has(product.id)).every((product) => product.stock === 42)).toBe(true);
    const rows = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.clientIp, ['203.0.113.7']));
    expect(rows).toHaveLength(0);
  });

  it('caps open orders per client address; other shoppers are not affected; a closed order frees a place', async () => {
    const paddle = await addProduct(t.db, { price: '50.00', stock: 100 });
    const opened = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }]), '198.51.100.1');
      expect(res.statusCode).toBe(200);
      opened.push(res.json());
    }
    const fourth = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }]), '198.51.100.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^You already have 3 checkouts waiting for payment/);
    expect((await create(checkoutBody([{ productId: paddle.id, quantity: 1 }]), '198.51.100.2')).statusCode).toBe(200);

    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, opened[0].orderId));
    expect((await create(checkoutBody([{ productId: paddle.id, quantity: 1 }]), '198.51.100.1')).statusCode).toBe(200);
  });

  it('a new payment from the same cart replaces the old one instead of counting against the quota', async () => {
    const paddle = await addProduct(t.db, { price: '50.00', stock: 100 });
    const cartToken = 'same-cart-token-abcdefgh';
    for (let i = 0; i < 10; i += 1) {
      const res = await create(checkoutBody([{ productId: paddle.id, quantity: 2 }], { cartToken }), '192.0.2.55');
      expect(res.statusCode).toBe(200);
    }
    const open = await t.db.select().from(orders).where(eq(orders.cartToken, cartToken));
    expect(open.filter((order) => order.paymentStatus === 'pending')).toHaveLength(1);
    expect(await stockOf(t.db, paddle.id)).toBe(98);
  });

  it('counts concurrent checkouts from one address exactly (PostgreSQL and PGlite)', async () => {
    const paddle = await addProduct(t.db, { price: '50.00', stock: 100 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(checkoutBody([{ productId: paddle.id, quantity: 1 }]), '192.0.2.99')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(9);
    expect(await stockOf(t.db, paddle.id)).toBe(97);
  });
});

describe('rate limits on checkout calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '5' });
    await configureShop(t.db);
  });
  afterAll(() => t.close());

  it('payment creation answers 429 with a message after the limit: coupon codes cannot be guessed through it', async () => {
    const paddle = await addProduct(t.db, { stock: 100 });
    const statuses = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: `GUESS${i}` }),
        remoteAddress: '203.0.113.200',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/rate limit|too many/i);
    }
    expect(statuses.slice(0, 5).every((status) => status === 404 || status === 400)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('coupon checks are limited too', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: `TRY${i}` }, remoteAddress: '203.0.113.201' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
