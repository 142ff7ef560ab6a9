import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { expireUnpaidOrders } from './expire-unpaid-orders.ts';
import { settleFromProvider } from './settle-payment.ts';
import { toProviderPayment } from './stripe-provider.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { orderNumberOf } from '#server/test/order-fixtures.ts';

// The real stripe-node client against a local fake of Stripe's API (STRIPE_API_BASE).

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: 'whsec_test' });
  await configureShop(t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });

describe('checkout with Stripe', () => {
  it('creates a payment intent for the server amount, with the order in its metadata and an idempotency key per order and amount', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 4 });
    const res = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { amount: 100 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider).toBe('stripe');
    const intent = stripe.intents.get(body.paymentIntentId)!;
    // 20.00 + 5.99 + 2.13 tax (Texas 8.20 % of the goods and the shipping)
    expect(intent).toMatchObject({ amount: 2812, currency: 'usd', metadata: { orderId: String(body.orderId) }, receipt_email: 'pat@example.com' });
    expect(body).toMatchObject({ amount: 2812, clientSecret: intent.client_secret });
    const request = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(request!.idempotencyKey).toBe(`order-${body.orderId}-amount-2812`);
    expect(request!.authorization).toBe('Bearer sk_test_fake');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({ providerPaymentId: intent.id, paymentProvider: 'stripe', paymentStatus: 'pending' });
  });

  it('gives everything back when Stripe cannot create the payment', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 4 });
    stripe.failCreates = 5;
    const res = await create(checkoutBody([{ productId: product.id, quantity: 3 }]));
    stripe.failCreates = 0;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The payment could not be started. Please try again later.' });
    expect(await stockOf(t.db, product.id)).toBe(4);
    const cancelled = await t.db.select().from(orders).where(eq(orders.paymentStatus, 'cancelled'));
    expect(cancelled.length).toBeGreaterThan(0);
  });

  it('check-payment-status asks Stripe, so a paid order is marked paid before the webhook arrives', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 4 });
    const { paymentIntentId, orderId } = (await create(checkoutBody([{ productId: product.id, quantity: 2 }]))).json();
    const before = await t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` });
    expect(before.json()).toEqual({ success: false, status: 'requires_payment_method', orderId, paymentStatus: 'pending' });

    stripe.succeed(paymentIntentId);
    // the next page load after the interval asks again
    await t.db.update(orders).set({ providerCheckedAt: null }).where(eq(orders.id, orderId));
    const after = await t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` });
    expect(after.json()).toEqual({ success: true, status: 'succeeded', orderId, paymentStatus: 'succeeded' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: 'succeeded', status: 'processing' });
    const number = await orderNumberOf(t.db, orderId);
    const mails = (await t.db.select().from(emailOutbox)).filter((mail) => mail.subject.includes(`#${number} `));
    expect(mails).toHaveLength(2);
    expect(await stockOf(t.db, product.id)).toBe(2);
  });

  it('check-payment-status sees a decline and gives the stock back', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 4 });
    const { paymentIntentId } = (await create(checkoutBody([{ productId: product.id, quantity: 2 }]))).json();
    stripe.decline(paymentIntentId, 'Your card has insufficient funds.');
    const res = await t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` });
    expect(res.json()).toMatchObject({ success: false, status: 'requires_payment_method', paymentStatus: 'failed' });
    expect(await stockOf(t.db, product.id)).toBe(4);
  });

  it('expires an unpaid order by cancelling its Stripe payment first; a payment that went through is finished instead', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 4 });
    const abandoned = (await create(checkoutBody([{ productId: product.id, quantity: 1 }]))).json();
    const paidLate = (await create(checkoutBody([{ productId: product.id, quantity: 1 }]))).json();
    stripe.succeed(paidLate.paymentIntentId);
    const past = new Date(Date.now() - 60_000);
    for (const { orderId } of [abandoned, paidLate]) await t.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, orderId));
    expect(await expireUnpaidOrders(t.services.payments)).toBe(1);
    expect(stripe.intents.get(abandoned.paymentIntentId)!.status).toBe('canceled');
    const [gone] = await t.db.select().from(orders).where(eq(orders.id, abandoned.orderId));
    expect(gone).toMatchObject({ paymentStatus: 'expired', status: 'cancelled' });
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, paidLate.orderId));
    expect(paid!.paymentStatus).toBe('succeeded');
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it('a success that arrives after the order expired is refunded automatically, not sold', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 1 });
    const expired = (await create(checkoutBody([{ productId: product.id, quantity: 1 }]))).json();
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, expired.orderId));
    expect(await expireUnpaidOrders(t.services.payments)).toBe(1);
    expect(await stockOf(t.db, product.id)).toBe(1);
    // Stripe reports a success anyway (as if the cancel had not reached it in time)
    const intent = stripe.intents.get(expired.paymentIntentId)!;
    intent.status = 'succeeded';
    expect(await settleFromProvider(t.services.payments, toProviderPayment(intent as unknown as Stripe.PaymentIntent))).toBe('refunded');
    const res = await t.app.inject({ url: `/api/check-payment-status/${expired.paymentIntentId}` });
    expect(res.json()).toMatchObject({ success: false, paymentStatus: 'refunded' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, expired.orderId));
    expect(order).toMatchObject({ paymentStatus: 'refunded', status: 'cancelled' });
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(expired.paymentIntentId);
    expect(await stockOf(t.db, product.id)).toBe(1);
  });

  it('check-payment-status asks Stripe at most once per interval for one payment, however often it is called', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 4 });
    const { paymentIntentId } = (await create(checkoutBody([{ productId: product.id, quantity: 1 }]))).json();
    const before = stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${paymentIntentId}`).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const asked = stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${paymentIntentId}`).length - before;
    expect(asked).toBe(1);
  });

  it('turns the simulator off and validates the payment id', async () => {
    const sim = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: 'pi_x', card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' } },
    });
    expect(sim.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/check-payment-status/bad%20id!' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/check-payment-status/pi_unknown123' })).statusCode).toBe(404);
  });
});
