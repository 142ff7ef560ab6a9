import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPaymentResult } from '#common/schemas/diagnostics.ts';
import { orderItems, orders, products, siteSettings } from '#server/db/schema.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// POST /api/test-payment-flow: a real order and payment through the active provider.

let fake: FakeStripe;
let simulated: TestApp;
let stripe: TestApp;
let simAdmin: SignedIn;
let stripeAdmin: SignedIn;

beforeAll(async () => {
  fake = await startFakeStripe();
  simulated = await createTestApp();
  stripe = await createTestApp({ STRIPE_API_BASE: fake.url, STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' });
  simAdmin = await simulated.signIn({ admin: true, email: 'owner@shop.example' });
  stripeAdmin = await stripe.signIn({ admin: true, email: 'owner@shop.example' });
});
afterAll(async () => {
  await Promise.all([simulated?.close(), stripe?.close()]);
  await fake?.close();
});

const run = (admin: SignedIn, payload: unknown) => admin.inject({ method: 'POST', url: '/api/test-payment-flow', payload: payload as object });

describe('POST /api/test-payment-flow with the simulator', () => {
  it('creates a pending "Payment test" order with no product and a simulated payment for the amount', async () => {
    const stockBefore = await simulated.db.select({ id: products.id, stock: products.stock }).from(products);
    const res = await run(simAdmin, { amount: 5.49 });
    expect(res.statusCode, res.body).toBe(200);
    const body = TestPaymentResult.parse(res.json());
    expect(body).toMatchObject({
      order: { total: '5.49' },
      paymentIntent: { amount: 549, amountInDollars: '5.49', status: 'requires_payment_method' },
      provider: 'simulated',
    });
    expect(body.paymentIntent.id).toMatch(/^pi_sim_/);
    const [order] = await simulated.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(order).toMatchObject({
      customerName: 'Payment test',
      customerEmail: 'owner@shop.example',
      userId: simAdmin.id,
      status: 'pending',
      paymentStatus: 'pending',
      paymentProvider: 'simulated',
      total: '5.49',
      providerPaymentId: body.paymentIntent.id,
    });
    const items = await simulated.db.select().from(orderItems).where(eq(orderItems.orderId, body.order.id));
    expect(items).toMatchObject([{ productId: null, productName: 'Payment test', quantity: 1, price: '5.49' }]);
    expect(await simulated.db.select({ id: products.id, stock: products.stock }).from(products)).toEqual(stockBefore);
  });

  it('can be paid with a test card like any order, and then reads as paid', async () => {
    const body = TestPaymentResult.parse((await run(simAdmin, { amount: '12.34' })).json());
    const confirm = await simAdmin.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: {
        paymentIntentId: body.paymentIntent.id,
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const paid = await simAdmin.inject({ url: '/api/order-confirmation-test/paid-order' });
    expect(paid.json()).toEqual({ orderId: body.order.id, paymentIntentId: body.paymentIntent.id });
  });

  it('falls back to the fulfilment e-mail when the admin has none, and refuses when there is neither', async () => {
    const noEmail = await simulated.signIn({ admin: true, email: '' });
    await simulated.db.update(siteSettings).set({ fulfillmentEmail: 'orders@shop.example' });
    const res = await run(noEmail, { amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await simulated.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(order!.customerEmail).toBe('orders@shop.example');

    await simulated.db.update(siteSettings).set({ fulfillmentEmail: null });
    const refused = await run(noEmail, { amount: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/e-mail address/);
  });

  it('refuses bad amounts with 400 and the reason, creating nothing', async () => {
    const before = (await simulated.db.select().from(orders)).length;
    const cases: Array<[unknown, string]> = [
      [{}, 'Amount must be a number'],
      [{ amount: 'abc' }, 'Amount must be a number'],
      [{ amount: 0 }, 'Amount must be at least 0.01'],
      [{ amount: -5 }, 'Amount must be at least 0.01'],
      [{ amount: 1.234 }, 'Amount must be in whole cents'],
      [{ amount: 10_000_000 }, 'Amount must be at most 999999.99'],
    ];
    for (const [payload, message] of cases) {
      const res = await run(simAdmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0]).toEqual({ path: 'amount', message });
    }
    const tooSmall = await run(simAdmin, { amount: 0.49 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe('Test payments must be at least $0.50, the smallest charge Stripe accepts');
    expect((await simulated.db.select().from(orders)).length).toBe(before);
  });
});

describe('POST /api/test-payment-flow with Stripe', () => {
  it('creates the PaymentIntent at Stripe for the amount in cents, tagged with the order', async () => {
    const res = await run(stripeAdmin, { amount: 5.49 });
    expect(res.statusCode, res.body).toBe(200);
    const body = TestPaymentResult.parse(res.json());
    expect(body).toMatchObject({ provider: 'stripe', paymentIntent: { amount: 549, amountInDollars: '5.49', status: 'requires_payment_method' } });
    const intent = fake.intents.get(body.paymentIntent.id)!;
    expect(intent).toMatchObject({ amount: 549, currency: 'usd', metadata: { orderId: String(body.order.id) }, receipt_email: 'owner@shop.example' });
    expect(body.paymentIntent.clientSecret).toBe(intent.client_secret);
    const [order] = await stripe.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(order).toMatchObject({ paymentProvider: 'stripe', providerPaymentId: intent.id, paymentStatus: 'pending' });
  });

  it('cancels the order and answers 502 when Stripe refuses', async () => {
    fake.failCreates = 10;
    try {
      const res = await run(stripeAdmin, { amount: 2 });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/^The test payment could not be started: /);
      const [latest] = await stripe.db.select().from(orders).orderBy(desc(orders.id)).limit(1);
      expect(latest).toMatchObject({ paymentStatus: 'cancelled', status: 'cancelled', providerPaymentId: null });
    } finally {
      fake.failCreates = 0;
    }
  });
});
