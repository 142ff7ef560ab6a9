import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, toCents } from '#common/money.ts';
import { emailOutbox, orderEvents, orders, refunds } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// A cancel of a paid order refunds what is left as a claimed refund of its own (decision 023), so
// a partial refund at the same instant is never counted twice. Stripe is faked at its edge, which
// refuses a refund beyond what is left of the payment: the money sent back is visible there.
// Meaningful on PostgreSQL, where the requests really run at once; PGlite runs them one by one.
const SECRET = 'whsec_cancel_race';
const STOCK = 10;
let t: TestApp;
let stripe: FakeStripe;
let admin: SignedIn;
let eventCounter = 0;
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

/** 2 × $40 paid through Stripe with a $5 coupon: the order holds 2 units and one use of the coupon. */
async function paidOrder() {
  const product = await addProduct(t.db, { name: 'Race Paddle', price: '40.00', stock: STOCK });
  const coupon = await addCoupon(t.db, { code: `RACE${++eventCounter}`, type: 'fixed', amount: '5', usageLimit: 10 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: checkoutBody([{ productId: product.id, quantity: 2 }], { couponCode: coupon.code }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentIntentId, orderId } = res.json() as { paymentIntentId: string; orderId: number };
  expect((await deliver('payment_intent.succeeded', stripe.succeed(paymentIntentId))).json().outcome).toBe('succeeded');
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, paymentIntentId, product, coupon, totalCents: toCents(order!.total), orderNumber: order!.orderNumber };
}

const cancel = (orderId: number) => admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'cancelled' } });
const refund = (orderId: number, payload: object) => admin.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
const sentBack = (paymentIntentId: string) =>
  stripe.refunds.filter((item) => item.payment_intent === paymentIntentId).reduce((sum, item) => sum + item.amount, 0);
const mailsOf = async (orderId: number, kind: string) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, kind)))
  ).length;

describe('a cancel and partial refunds at the same instant', () => {
  // the requests are sent in three orders, so the claims meet in different interleavings
  const arrangements = {
    'cancels sent first': (cancels: Array<() => unknown>, partials: Array<() => unknown>) => [...cancels, ...partials],
    'refunds sent first': (cancels: Array<() => unknown>, partials: Array<() => unknown>) => [...partials, ...cancels],
    interleaved: (cancels: Array<() => unknown>, partials: Array<() => unknown>) => cancels.flatMap((one, i) => [one, partials[i]!]),
  };

  for (const [name, arrange] of Object.entries(arrangements)) {
    it(`5 owner cancels + 5 refunds of 60% (${name}): never more than captured, books match the money, stock and coupon back once`, async () => {
      const { orderId, paymentIntentId, product, coupon, totalCents } = await paidOrder();
      expect([await stockOf(t.db, product.id), await timesUsed(t.db, coupon.id)]).toEqual([STOCK - 2, 1]);
      const amount = centsToDecimal(Math.round(totalCents * 0.6));
      const cancels = Array.from({ length: 5 }, () => () => cancel(orderId).then((res) => ({ kind: 'cancel', res })));
      const partials = Array.from(
        { length: 5 },
        () => () => refund(orderId, { kind: 'amount', amount, reason: 'Race', requestId: newRequestId() }).then((res) => ({ kind: 'refund', res })),
      );
      const answers = await Promise.all(arrange(cancels, partials).map((send) => send() as Promise<{ kind: string; res: Awaited<ReturnType<typeof cancel>> }>));

      // every answer is a success or a clear refusal: no provider refusal (502) from asking beyond what is left
      for (const { res } of answers) expect([200, 409], res.body).toContain(res.statusCode);
      const partialsMade = answers.filter(({ kind, res }) => kind === 'refund' && res.statusCode === 200).length;
      const cancelled = answers.some(({ kind, res }) => kind === 'cancel' && res.statusCode === 200);
      expect(partialsMade).toBeLessThanOrEqual(1);

      const order = await orderRow(orderId);
      const rows = await refundsOf(orderId);
      const booked = rows.reduce((sum, row) => sum + toCents(row.amount), 0);
      // the shop's books: each refund once, all completed, adding up to the order's refunded total and the money Stripe sent back
      expect(rows.every((row) => row.state === 'succeeded' && row.providerRefundId !== null)).toBe(true);
      expect(rows.filter((row) => row.idempotencyKey.startsWith('admin-'))).toHaveLength(partialsMade);
      expect(rows.filter((row) => row.idempotencyKey === `cancel-order-${orderId}`)).toHaveLength(cancelled ? 1 : 0);
      expect(booked).toBe(toCents(order.refundedTotal));
      expect(sentBack(paymentIntentId)).toBe(booked);
      expect(booked).toBeLessThanOrEqual(totalCents);
      expect(stripe.refunds.filter((item) => item.payment_intent === paymentIntentId)).toHaveLength(rows.length);

      const steps = (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((step) => step.event);
      if (cancelled) {
        // cancelled and refunded in full, the rest after any partial refund; stock and coupon use given back once
        expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedTotal: centsToDecimal(totalCents) });
        expect(booked).toBe(totalCents);
        expect(steps.filter((step) => step === 'cancel_paid')).toHaveLength(1);
        expect([await stockOf(t.db, product.id), await timesUsed(t.db, coupon.id)]).toEqual([STOCK, 0]);
        expect(await mailsOf(orderId, 'order-cancelled')).toBe(1);
      } else {
        // the partial refund was at the provider while every cancel asked: they were refused, nothing else moved
        expect(partialsMade).toBe(1);
        expect(order).toMatchObject({ status: 'processing', paymentStatus: 'partially_refunded', refundedTotal: amount });
        expect(steps).not.toContain('cancel_paid');
        expect([await stockOf(t.db, product.id), await timesUsed(t.db, coupon.id)]).toEqual([STOCK - 2, 1]);
        expect(await mailsOf(orderId, 'order-cancelled')).toBe(0);
      }
      expect(await mailsOf(orderId, 'order-refunded')).toBe(partialsMade);

      // a cancel afterwards changes nothing more
      expect((await cancel(orderId)).statusCode).toBe(200);
      expect(sentBack(paymentIntentId)).toBe(totalCents);
      expect((await orderRow(orderId)).refundedTotal).toBe(centsToDecimal(totalCents));
      expect([await stockOf(t.db, product.id), await timesUsed(t.db, coupon.id)]).toEqual([STOCK, 0]);
      expect(await mailsOf(orderId, 'order-cancelled')).toBe(1);
    });
  }
});

describe("the cancel's refund is claimed like any refund", () => {
  it('after a partial refund it refunds only the rest, as its own refund row with its own key, known to charge.refunded', async () => {
    const { orderId, paymentIntentId, totalCents, orderNumber } = await paidOrder();
    expect((await refund(orderId, { kind: 'amount', amount: '20.00', reason: 'Goodwill', requestId: newRequestId() })).statusCode).toBe(200);
    const res = await cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedTotal: centsToDecimal(totalCents) });
    const rows = await refundsOf(orderId);
    expect(rows.map((row) => [row.amount, row.idempotencyKey, row.actor, row.state])).toEqual([
      ['20.00', expect.stringMatching(/^admin-/), `admin:${admin.id}`, 'succeeded'],
      [centsToDecimal(totalCents - 2000), `cancel-order-${orderId}`, `admin:${admin.id}`, 'succeeded'],
    ]);
    const made = stripe.refunds.filter((item) => item.payment_intent === paymentIntentId);
    expect(made.map((item) => item.amount)).toEqual([2000, totalCents - 2000]);
    expect(made[1]!.metadata).toEqual({ shop_refund: `cancel-order-${orderId}-${totalCents - 2000}` });
    expect(rows[1]!.providerRefundId).toBe(made[1]!.id);

    // Stripe's report of those refunds records nothing more
    const charge = {
      id: `ch_${paymentIntentId.slice(3)}`,
      object: 'charge',
      amount: totalCents,
      amount_refunded: totalCents,
      payment_intent: paymentIntentId,
      refunded: true,
    };
    expect((await deliver('charge.refunded', { ...charge, refunds: { object: 'list', data: made, has_more: false } })).json().outcome).toBe('refund_known');
    expect((await deliver('charge.refunded', charge)).json().outcome).toBe('refund_known');
    expect(await refundsOf(orderId)).toHaveLength(2);

    // the customer sees the partial refund with its amount, and the cancel's once, as before
    const { key } = t.services.orderLinks.sign(orderNumber);
    const page = (await t.app.inject({ url: `/api/orders/number/${orderNumber}?key=${encodeURIComponent(key)}` })).json();
    expect(page.timeline.map((entry: { event: string; amount?: string }) => [entry.event, entry.amount])).toEqual([
      ['placed', undefined],
      ['paid', undefined],
      ['refunded', '20.00'],
      ['cancelled', undefined],
      ['refunded', undefined],
    ]);
  });

  it('a provider failure gives the claim back: nothing refunded or cancelled, and a retry refunds once', async () => {
    const { orderId, paymentIntentId, product, totalCents } = await paidOrder();
    stripe.failRefunds = 3;
    const failed = await cancel(orderId);
    expect([failed.statusCode, failed.json().message]).toEqual([
      502,
      expect.stringMatching(/^The refund could not be made, so order #PB-\w+ was not cancelled/),
    ]);
    expect(await refundsOf(orderId)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ status: 'processing', paymentStatus: 'succeeded', refundedTotal: '0.00' });
    expect(await stockOf(t.db, product.id)).toBe(STOCK - 2);
    // the released claim leaves the whole amount refundable
    const detail = (await admin.inject({ url: `/api/orders/${orderId}` })).json();
    expect(detail.refundableCents).toBe(totalCents);

    const [again, twice] = await Promise.all([cancel(orderId), cancel(orderId)]);
    expect([again.statusCode, twice.statusCode]).toEqual([200, 200]);
    expect(sentBack(paymentIntentId)).toBe(totalCents);
    expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ amount: centsToDecimal(totalCents), state: 'succeeded' })]);
    expect(await stockOf(t.db, product.id)).toBe(STOCK);
    expect(await mailsOf(orderId, 'order-cancelled')).toBe(1);
  });

  it('is refused while another refund of the order is still at the provider, and a refund is refused while the cancel is', async () => {
    const { orderId, paymentIntentId, orderNumber, totalCents } = await paidOrder();
    // a refund claimed and not yet completed (its provider call under way, or a crash in between)
    const [pending] = await t.db
      .insert(refunds)
      .values({ orderId, amount: '10.00', reason: 'In flight', idempotencyKey: `admin-${newRequestId()}`, actor: `admin:${admin.id}` })
      .returning();
    await t.db.update(orders).set({ refundedTotal: '10.00' }).where(eq(orders.id, orderId));
    const refused = await cancel(orderId);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `A refund on order #${orderNumber} is still being made. Try cancelling again in a moment.`,
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'processing', paymentStatus: 'succeeded', refundedTotal: '10.00' });
    expect(sentBack(paymentIntentId)).toBe(0);

    // the other way round: a cancel's claim takes everything left, so no refund fits beside it
    await t.db.delete(refunds).where(eq(refunds.id, pending!.id));
    await t.db
      .update(orders)
      .set({ refundedTotal: centsToDecimal(totalCents) })
      .where(eq(orders.id, orderId));
    await t.db.insert(refunds).values({
      orderId,
      amount: centsToDecimal(totalCents),
      reason: 'Order cancelled by the shop',
      idempotencyKey: `cancel-order-${orderId}`,
      actor: `admin:${admin.id}`,
    });
    const partial = await refund(orderId, { kind: 'amount', amount: '1.00', reason: 'Too late', requestId: newRequestId() });
    expect(partial.statusCode).toBe(409);
    expect(sentBack(paymentIntentId)).toBe(0);
    // the cancel pressed again completes its own claim: refunded once, cancelled
    const completed = await cancel(orderId);
    expect(completed.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(sentBack(paymentIntentId)).toBe(totalCents);
    expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ idempotencyKey: `cancel-order-${orderId}`, state: 'succeeded' })]);
  });
});
