import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orderEvents, orders, processedPaymentEvents } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { startFakeStripe, type FakeIntent, type FakeStripe } from '#server/test/fake-stripe.ts';
import { orderNumberOf } from '#server/test/order-fixtures.ts';

const SECRET = 'whsec_test_secret';
let t: TestApp;
let stripe: FakeStripe;
let eventCounter = 0;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: SECRET });
  await configureShop(t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

function eventFor(type: string, intent: FakeIntent, id = `evt_${++eventCounter}_${Date.now()}`) {
  return { id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: intent } };
}

function deliver(event: object, options: { secret?: string; timestamp?: number; signature?: string | null; app?: TestApp } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp })
      : options.signature;
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header !== null && { 'stripe-signature': header }) },
  });
}

async function checkout(quantity = 2) {
  const product = await addProduct(t.db, { name: 'Hook Paddle', price: '20.00', stock: 5 });
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: product.id, quantity }]) });
  const { paymentIntentId, orderId } = res.json() as { paymentIntentId: string; orderId: number };
  return { product, paymentIntentId, orderId };
}

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const mailCount = async (orderId: number) => {
  const number = await orderNumberOf(t.db, orderId);
  return (await t.db.select().from(emailOutbox)).filter((mail) => mail.subject.includes(`#${number} `)).length;
};

describe('POST /api/stripe/webhook', () => {
  it('marks the order paid on payment_intent.succeeded, once per event id', async () => {
    const { product, paymentIntentId, orderId } = await checkout();
    const event = eventFor('payment_intent.succeeded', stripe.succeed(paymentIntentId));
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'succeeded' });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'succeeded', status: 'processing' });
    expect(await mailCount(orderId)).toBe(2);
    expect(await stockOf(t.db, product.id)).toBe(3);

    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // the same news under a new event id changes nothing either
    await deliver(eventFor('payment_intent.succeeded', stripe.intents.get(paymentIntentId)!));
    expect(await mailCount(orderId)).toBe(2);
    expect(await stockOf(t.db, product.id)).toBe(3);
    const [recorded] = await t.db.select().from(processedPaymentEvents).where(eq(processedPaymentEvents.id, event.id));
    expect(recorded).toMatchObject({ provider: 'stripe', type: 'payment_intent.succeeded' });
  });

  it('ignores a failure that arrives after the success (out of order)', async () => {
    const { product, paymentIntentId, orderId } = await checkout();
    const failedIntent = stripe.decline(paymentIntentId);
    const succeededIntent = stripe.succeed(paymentIntentId);
    await deliver(eventFor('payment_intent.succeeded', succeededIntent));
    const late = await deliver(eventFor('payment_intent.payment_failed', failedIntent));
    expect(late.statusCode).toBe(200);
    expect((await orderRow(orderId)).paymentStatus).toBe('succeeded');
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it('closes the order on payment_failed: stock back, and the Stripe payment cancelled so no card retry can take money', async () => {
    const { product, paymentIntentId, orderId } = await checkout();
    const failed = await deliver(eventFor('payment_intent.payment_failed', stripe.decline(paymentIntentId)));
    expect(failed.json()).toEqual({ received: true, outcome: 'failed' });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'failed', status: 'cancelled' });
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect(stripe.intents.get(paymentIntentId)!.status).toBe('canceled');
  });

  it('declined, the unit sold to someone else, then a card retry succeeds anyway: refunded automatically, never sold twice', async () => {
    const product = await addProduct(t.db, { name: 'Only One', price: '150.00', stock: 1 });
    const body = checkoutBody([{ productId: product.id, quantity: 1 }]);
    const first = (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body })).json();
    // the retry reached Stripe before the shop heard of the decline, so the cancel comes too late for it
    const declined = stripe.decline(first.paymentIntentId);
    const retried = stripe.succeed(first.paymentIntentId);
    stripe.intents.get(first.paymentIntentId)!.status = 'requires_payment_method';
    await deliver(eventFor('payment_intent.payment_failed', declined));
    expect(await stockOf(t.db, product.id)).toBe(1);

    const second = (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body })).json();
    await deliver(eventFor('payment_intent.succeeded', stripe.succeed(second.paymentIntentId)));
    expect((await orderRow(second.orderId)).paymentStatus).toBe('succeeded');
    expect(await stockOf(t.db, product.id)).toBe(0);

    stripe.intents.get(first.paymentIntentId)!.status = 'succeeded';
    const late = await deliver(eventFor('payment_intent.succeeded', retried));
    expect(late.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(await orderRow(first.orderId)).toMatchObject({ paymentStatus: 'refunded', status: 'cancelled' });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === first.paymentIntentId)).toEqual([expect.objectContaining({ amount: retried.amount })]);
    expect(await stockOf(t.db, product.id)).toBe(0);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, first.orderId));
    expect(events.map((event) => event.event)).toEqual(['decline', 'refund_late_payment']);
    expect(events[1]!.note).toContain('refunded automatically');

    // the same news again (a new event id) refunds nothing more
    await deliver(eventFor('payment_intent.succeeded', retried));
    expect(stripe.refunds.filter((refund) => refund.payment_intent === first.paymentIntentId)).toHaveLength(1);
  });

  it('cancels the order and gives stock back on payment_intent.canceled', async () => {
    const { product, paymentIntentId, orderId } = await checkout();
    const intent = stripe.intents.get(paymentIntentId)!;
    intent.status = 'canceled';
    await deliver(eventFor('payment_intent.canceled', intent));
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'cancelled', status: 'cancelled' });
    expect(await stockOf(t.db, product.id)).toBe(5);
  });

  it('refuses an event whose amount or order does not match', async () => {
    const { paymentIntentId, orderId } = await checkout();
    const other = await checkout();
    const paid = stripe.succeed(paymentIntentId);
    const wrongAmount = await deliver(eventFor('payment_intent.succeeded', { ...paid, amount: paid.amount - 100 }));
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().message).toContain('cents');
    const wrongOrder = await deliver(eventFor('payment_intent.succeeded', { ...paid, metadata: { orderId: String(other.orderId) } }));
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().message).toContain(`names order ${other.orderId}`);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
  });

  it('acknowledges events for payments that are not ours, and event types it does not handle', async () => {
    const { paymentIntentId } = await checkout();
    const foreign = { ...stripe.intents.get(paymentIntentId)!, id: 'pi_not_ours', status: 'succeeded' };
    expect((await deliver(eventFor('payment_intent.succeeded', foreign))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await deliver(eventFor('charge.refunded', foreign))).json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('refuses a bad signature, a stale timestamp, a missing header and an unsigned body', async () => {
    const { paymentIntentId, orderId } = await checkout();
    const event = eventFor('payment_intent.succeeded', stripe.succeed(paymentIntentId));
    const forged = await deliver(event, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/^Webhook signature verification failed/);
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/tolerance/i);
    const missing = await deliver(event, { signature: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing Stripe-Signature header');
    // a signed body that is not JSON is still refused with 400, not 500
    const payload = 'not json';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'text/plain', 'stripe-signature': header },
    });
    expect(garbage.statusCode).toBe(400);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
  });

  it('is refused with 503 when STRIPE_WEBHOOK_SECRET is not set', async () => {
    const bare = await createTestApp();
    try {
      const res = await deliver({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: {} } }, { app: bare, secret: 'whsec_any' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Stripe webhooks are not configured: STRIPE_WEBHOOK_SECRET is not set');
    } finally {
      await bare.close();
    }
  });

  it('keeps JSON parsing for every other route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'NOPE' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Invalid coupon code');
  });
});
