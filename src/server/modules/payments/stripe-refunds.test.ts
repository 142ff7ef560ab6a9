import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, toCents } from '#common/money.ts';
import { orderEvents, orderItems, orders, refunds } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Refunds through Stripe's refunds API (stripe-node against the fake edge) and the refund and
// dispute webhooks, signed as Stripe signs them.
const SECRET = 'whsec_refund_secret';
let t: TestApp;
let stripe: FakeStripe;
let admin: SignedIn;
let dashboardRefunds = 0;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: SECRET });
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const deliver = (type: string, object: object) => deliverStripeEvent(t.app, SECRET, type, object);

/** A Stripe-paid order of 2 × $40; its total includes the address's sales tax. */
async function paidOrder() {
  const product = await addProduct(t.db, { name: 'Stripe Paddle', price: '40.00', stock: 10 });
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: product.id, quantity: 2 }]) });
  const { paymentIntentId, orderId } = res.json() as { paymentIntentId: string; orderId: number };
  expect((await deliver('payment_intent.succeeded', stripe.succeed(paymentIntentId))).json().outcome).toBe('succeeded');
  const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, paymentIntentId, line: line!, totalCents: toCents(order!.total) };
}

/** The charge as charge.refunded carries it, with Stripe's refunds of this payment so far. */
function chargeOf(paymentIntentId: string, options: { listRefunds?: boolean } = {}) {
  const intent = stripe.intents.get(paymentIntentId)!;
  const made = stripe.refunds.filter((refund) => refund.payment_intent === paymentIntentId);
  return {
    id: `ch_${paymentIntentId.slice(3)}`,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: made.reduce((sum, refund) => sum + refund.amount, 0),
    payment_intent: paymentIntentId,
    refunded: made.reduce((sum, refund) => sum + refund.amount, 0) === intent.amount,
    ...(options.listRefunds !== false && { refunds: { object: 'list', data: made, has_more: false } }),
  };
}

/** What a refund made in the Stripe dashboard looks like at the fake: no shop metadata. */
function dashboardRefund(paymentIntentId: string, amount: number) {
  const refund = {
    id: `re_dash_${++dashboardRefunds}`,
    object: 'refund' as const,
    amount,
    payment_intent: paymentIntentId,
    status: 'succeeded' as const,
    currency: 'usd',
    created: Math.floor(Date.now() / 1000),
    metadata: {},
  };
  stripe.refunds.push(refund);
  return refund;
}

const refund = (orderId: number, payload: object) => admin.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload });
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('refunds through Stripe', () => {
  it('refunds through the refunds API with an idempotency key per request, and its charge.refunded is not recorded twice', async () => {
    const { orderId, paymentIntentId, line } = await paidOrder();
    const requestId = newRequestId();
    const res = await refund(orderId, { kind: 'lines', lines: [{ itemId: line.id, quantity: 1 }], reason: 'Wrong grip size', requestId });
    expect(res.statusCode).toBe(200);
    const made = stripe.refunds.filter((item) => item.payment_intent === paymentIntentId);
    // the unit and its share of the 8.2 % Texas tax ($6.56 on the line's two units)
    expect(made).toEqual([expect.objectContaining({ amount: 4328, metadata: { shop_refund: `refund-${requestId}` } })]);
    expect(stripe.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey)).toContain(`refund-${requestId}`);
    expect((await refundsOf(orderId))[0]).toMatchObject({ providerRefundId: made[0]!.id, state: 'succeeded' });

    const webhook = await deliver('charge.refunded', chargeOf(paymentIntentId));
    expect(webhook.json()).toEqual({ received: true, outcome: 'refund_known' });
    // without the refund list too: the amount is already counted
    expect((await deliver('charge.refunded', chargeOf(paymentIntentId, { listRefunds: false }))).json().outcome).toBe('refund_known');
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).refundedTotal).toBe('43.28');
  });

  it('records a refund made in the Stripe dashboard once, however often it is reported', async () => {
    const { orderId, paymentIntentId, totalCents } = await paidOrder();
    const made = dashboardRefund(paymentIntentId, 1500);
    const first = await deliver('charge.refunded', chargeOf(paymentIntentId));
    expect(first.json()).toEqual({ received: true, outcome: 'refund_recorded' });
    expect((await deliver('charge.refunded', chargeOf(paymentIntentId))).json().outcome).toBe('refund_known');
    expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ amount: '15.00', providerRefundId: made.id, actor: 'provider', state: 'succeeded' })]);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'partially_refunded', refundedTotal: '15.00' });

    // the rest, without a refund list: recorded by the amount beyond what the shop counted
    dashboardRefund(paymentIntentId, totalCents - 1500);
    expect((await deliver('charge.refunded', chargeOf(paymentIntentId, { listRefunds: false }))).json().outcome).toBe('refund_recorded');
    expect((await deliver('charge.refunded', chargeOf(paymentIntentId, { listRefunds: false }))).json().outcome).toBe('refund_known');
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'refunded', refundedTotal: centsToDecimal(totalCents) });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => event.event)).toEqual(['pay', 'refund_partial', 'refund_full']);
    expect(events[1]).toMatchObject({ actor: 'provider', note: 'Refunded $15.00 in the Stripe dashboard' });
  });

  it('a provider failure records nothing (502), and the same request afterwards refunds once', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const body = { kind: 'amount', amount: '10.00', reason: 'Goodwill', requestId: newRequestId() };
    stripe.failRefunds = 3;
    const failed = await refund(orderId, body);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^The payment provider did not make the refund, so nothing was refunded on order #PB-/);
    expect(await refundsOf(orderId)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'succeeded', refundedTotal: '0.00' });

    expect((await refund(orderId, body)).statusCode).toBe(200);
    expect((await refund(orderId, body)).statusCode).toBe(200);
    expect(stripe.refunds.filter((item) => item.payment_intent === paymentIntentId)).toHaveLength(1);
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it('ten refunds of 60% at once: exactly one succeeds, the rest are refused and nothing is over-refunded', async () => {
    const { orderId, paymentIntentId, totalCents } = await paidOrder();
    const amount = centsToDecimal(Math.round(totalCents * 0.6));
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(orderId, { kind: 'amount', amount, reason: 'Race', requestId: newRequestId() })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(stripe.refunds.filter((item) => item.payment_intent === paymentIntentId)).toHaveLength(1);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ refundedTotal: amount, paymentStatus: 'partially_refunded' });
  });
});

describe('disputes', () => {
  const disputeOf = (paymentIntentId: string, status: string, id = `dp_${paymentIntentId.slice(3, 12)}`) => ({
    id,
    object: 'dispute',
    amount: 8000,
    charge: `ch_${paymentIntentId.slice(3)}`,
    payment_intent: paymentIntentId,
    reason: 'fraudulent',
    status,
    livemode: false,
  });

  it('flags the order on charge.dispute.created and records its close, each once, and the admin list filters them', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const quiet = await paidOrder();
    const created = disputeOf(paymentIntentId, 'needs_response');
    expect((await deliver('charge.dispute.created', created)).json()).toEqual({ received: true, outcome: 'dispute_opened' });
    expect((await deliver('charge.dispute.created', created)).json().outcome).toBe('dispute_known');
    expect(await orderRow(orderId)).toMatchObject({ disputeStatus: 'needs_response', disputeId: created.id });

    expect((await deliver('charge.dispute.closed', disputeOf(paymentIntentId, 'lost'))).json().outcome).toBe('dispute_closed');
    expect((await deliver('charge.dispute.closed', disputeOf(paymentIntentId, 'lost'))).json().outcome).toBe('dispute_known');
    // a late "created" does not reopen it
    expect((await deliver('charge.dispute.created', created)).json().outcome).toBe('dispute_known');
    expect((await orderRow(orderId)).disputeStatus).toBe('lost');

    const detail = (await admin.inject({ url: `/api/orders/${orderId}` })).json();
    expect(detail.order.disputeStatus).toBe('lost');
    expect(detail.timeline.filter((entry: { event: string }) => entry.event.startsWith('dispute_'))).toEqual([
      expect.objectContaining({ event: 'dispute_opened', actor: 'provider', note: 'Dispute opened for $80.00: fraudulent (needs_response)' }),
      expect.objectContaining({ event: 'dispute_closed', note: 'Dispute lost ($80.00, fraudulent)' }),
    ]);

    const listed = await admin.inject({ url: '/api/orders/active?disputed=true&pageSize=100' });
    const ids = (listed.json() as Array<{ id: number }>).map((order) => order.id);
    expect(ids).toContain(orderId);
    expect(ids).not.toContain(quiet.orderId);
    expect((await admin.inject({ url: '/api/orders/active?disputed=yes' })).statusCode).toBe(400);
  });

  it('acknowledges disputes of payments that are not ours', async () => {
    expect((await deliver('charge.dispute.created', disputeOf('pi_not_ours_at_all', 'needs_response'))).json().outcome).toBe('ignored');
  });
});
