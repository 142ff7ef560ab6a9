import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderView } from '#common/schemas/orders.ts';
import { orders } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp, type SignedIn } from '#server/test/test-app.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  productId = (await addProduct(t.db, { name: 'History Paddle', price: '12.34', stock: 50 })).id;
  alice = await t.signIn();
  bob = await t.signIn();
});
afterAll(() => t.close());

async function placeOrder(user: SignedIn | null, quantity = 1) {
  const options = { method: 'POST' as const, url: '/api/create-payment-intent', payload: checkoutBody([{ productId, quantity }]) };
  const res = user ? await user.inject(options) : await t.app.inject(options);
  expect(res.statusCode).toBe(200);
  return res.json() as { paymentIntentId: string; orderId: number };
}

describe('GET /api/orders/my-orders', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/orders/my-orders' });
    expect(res.statusCode).toBe(401);
  });

  it("lists only the user's own orders, newest first, with items", async () => {
    const first = await placeOrder(alice, 1);
    const second = await placeOrder(alice, 2);
    await placeOrder(bob, 3);
    await placeOrder(null, 4);
    // make the ordering visible even within the same millisecond
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, first.orderId));
    const res = await alice.inject({ url: '/api/orders/my-orders' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as OrderView[];
    expect(list.map((order) => order.id)).toEqual([second.orderId, first.orderId]);
    expect(list[0]!.items).toMatchObject([{ productName: 'History Paddle', quantity: 2, price: '12.34' }]);
    for (const order of list) expect(OrderView.parse(order)).toBeTruthy();
    const bobs = (await bob.inject({ url: '/api/orders/my-orders' })).json() as OrderView[];
    expect(bobs).toHaveLength(1);
    expect(bobs[0]!.items[0]!.quantity).toBe(3);
  });
});

describe('GET /api/orders/by-payment-intent/:id', () => {
  it('answers the order with its items to whoever holds the payment id', async () => {
    const { paymentIntentId, orderId } = await placeOrder(null, 2);
    const res = await t.app.inject({ url: `/api/orders/by-payment-intent/${paymentIntentId}` });
    expect(res.statusCode).toBe(200);
    const order = OrderView.parse(res.json());
    expect(order).toMatchObject({
      id: orderId,
      status: 'pending',
      paymentStatus: 'pending',
      subtotal: '24.68',
      shippingTotal: '5.99',
      // 8.2 % of the goods and of the shipping: Texas taxes delivery (decision 049)
      taxTotal: '2.51',
      total: '33.18',
      items: [{ productId, productName: 'History Paddle', quantity: 2, price: '12.34' }],
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.app.inject({ url: '/api/orders/by-payment-intent/pi_sim_unknown' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/orders/by-payment-intent/x' })).statusCode).toBe(400);
    // Fastify refuses params over 100 characters before any handler runs
    expect((await t.app.inject({ url: `/api/orders/by-payment-intent/${'a'.repeat(300)}` })).statusCode).toBe(414);
    expect((await t.app.inject({ url: '/api/orders/by-payment-intent/pi%20sim' })).statusCode).toBe(400);
  });
});
