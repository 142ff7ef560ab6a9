import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '#common/money.ts';
import { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { emailOutbox, giftCardHolds, giftCardLedger, giftCards, orderItems, orders, refunds } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, oregonAddress } from '#server/test/checkout-fixtures.ts';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Refunds of orders gift cards paid (decision 072): gift cards first, each up to what it paid, the card
// payment the rest; Stripe is faked at its edge, which refuses a refund beyond what is left of the payment,
// so the money sent back there is the card payment's part exactly. The races are meaningful on PostgreSQL.
const SECRET = 'whsec_gift_card_refunds';
let t: TestApp;
let stripe: FakeStripe;
let admin: SignedIn;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: SECRET });
  // $5.99 shipping under $500, Texas taxes goods and shipping at 8.2 %
  await configureShop(t.db, { freeShippingThreshold: '500' });
  admin = await t.signIn({ admin: true });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const deliver = (type: string, object: object) => deliverStripeEvent(t.app, SECRET, type, object);

const issue = async (amountCents: number) =>
  (await admin.inject({ method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents } })).json() as { id: number; code: string };

/** An order of `quantity` × `price`, the cards paying what they can and Stripe the rest (nothing when the cards pay it all). */
async function paidOrder(price: string, quantity: number, codes: string[], address: Record<string, unknown> = {}) {
  const product = await addProduct(t.db, { price, stock: 100 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { ...checkoutBody([{ productId: product.id, quantity }], address), giftCardCodes: codes },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { orderId: number; paymentIntentId: string | null; amount: number; giftCardCents: number };
  if (body.amount > 0) expect((await deliver('payment_intent.succeeded', stripe.succeed(body.paymentIntentId!))).json().outcome).toBe('succeeded');
  const [order] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
  expect(order!.paymentStatus).toBe('succeeded');
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, body.orderId));
  return { ...body, order: order!, items };
}

const refund = (orderId: number, payload: object) =>
  admin.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload: { reason: 'Gift card refund', requestId: newRequestId(), ...payload } });
const cancel = (orderId: number) => admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'cancelled' } });
const balanceOf = async (id: number) => (await t.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;
const sentBack = (paymentIntentId: string | null) =>
  stripe.refunds.filter((item) => item.payment_intent === paymentIntentId).reduce((sum, item) => sum + item.amount, 0);
const refundRows = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
const cardRefunds = async (id: number, orderId: number) =>
  (
    await t.db
      .select()
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.giftCardId, id), eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.kind, 'refund')))
  ).map((row) => row.amountCents);
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const lastRefundMail = async (orderId: number) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'order-refunded')))
      .orderBy(asc(emailOutbox.id))
  ).at(-1);

describe('refunds of orders gift cards paid: gift cards first, then the card', () => {
  it('a taxed line refund with a $100 card: $100.00 back on the card, $170.49 to Stripe; the rest and the shipping all to Stripe', async () => {
    const card = await issue(10000);
    const { orderId, paymentIntentId, order, items, amount } = await paidOrder('249.99', 2, [card.code]);
    // 2 × $249.99 + $41.00 tax + $5.99 shipping + $0.49 its tax = $547.46, of which the card $100.00
    expect(order).toMatchObject({ total: '547.46', taxTotal: '41.49', shippingTax: '0.49' });
    expect(amount).toBe(44746);
    const last4 = card.code.slice(-4);

    const one = await refund(orderId, { kind: 'lines', lines: [{ itemId: items[0]!.id, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    const detail = AdminOrderDetail.parse(one.json());
    expect(detail.refunds.at(-1)).toMatchObject({ amount: '270.49', giftCards: [{ last4, cents: 10000 }] });
    expect(detail.giftCards).toEqual([{ giftCardId: card.id, last4, paidCents: 10000, refundedCents: 10000 }]);
    expect(await balanceOf(card.id)).toBe(10000);
    expect(await cardRefunds(card.id, orderId)).toEqual([10000]);
    expect(sentBack(paymentIntentId)).toBe(17049);
    expect((await lastRefundMail(orderId))!.text).toContain(`$100.00 to gift card ••••${last4}, $170.49 to the card`);

    const two = await refund(orderId, { kind: 'lines', lines: [{ itemId: items[0]!.id, quantity: 1 }], shipping: true });
    expect(two.statusCode, two.body).toBe(200);
    expect(AdminOrderDetail.parse(two.json()).refunds.at(-1)).toMatchObject({ amount: '276.97', giftCards: [] });
    expect(sentBack(paymentIntentId)).toBe(44746);
    expect(await balanceOf(card.id)).toBe(10000);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'refunded', refundedTotal: '547.46' });
    const [hold] = await t.db.select().from(giftCardHolds).where(eq(giftCardHolds.orderId, orderId));
    expect(hold).toMatchObject({ amountCents: 10000, refundedCents: 10000 });
  });

  it('repeated amount refunds over two cards: each card back up to what it paid, Stripe never past its $10.00', async () => {
    const small = await issue(1500);
    const large = await issue(3500);
    // $60.00 in Oregon (no tax), $5.99 shipping: $65.99, the cards $50.00 in the order applied, Stripe $15.99
    const { orderId, paymentIntentId, amount } = await paidOrder('60.00', 1, [small.code, large.code], { shippingAddress: oregonAddress });
    expect(amount).toBe(1599);
    const requestId = newRequestId();
    const first = await refund(orderId, { kind: 'amount', amount: '20.00', requestId });
    expect(first.statusCode, first.body).toBe(200);
    // the same request again refunds once
    expect((await refund(orderId, { kind: 'amount', amount: '20.00', requestId })).statusCode).toBe(200);
    expect([await balanceOf(small.id), await balanceOf(large.id)]).toEqual([1500, 500]);
    expect((await refund(orderId, { kind: 'amount', amount: '40.00' })).statusCode).toBe(200);
    // $30.00 left on the large card's $35.00, then $10.00 to Stripe
    expect([await balanceOf(small.id), await balanceOf(large.id)]).toEqual([1500, 3500]);
    expect(sentBack(paymentIntentId)).toBe(1000);
    const over = await refund(orderId, { kind: 'amount', amount: '6.00' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^A refund of \$6\.00 is more than the \$5\.99 left to refund on order #\S+\.$/);
    expect((await refund(orderId, { kind: 'amount', amount: '5.99' })).statusCode).toBe(200);
    expect(sentBack(paymentIntentId)).toBe(1599);
    const rows = await refundRows(orderId);
    expect(rows.map((row) => [row.amount, row.giftCardParts.map((part) => part.cents)])).toEqual([
      ['20.00', [1500, 500]],
      ['40.00', [3000]],
      ['5.99', []],
    ]);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'refunded', refundedTotal: '65.99' });
  });

  it('cancelling a paid order gives the cards their part and Stripe the rest, once', async () => {
    const card = await issue(5000);
    const { orderId, paymentIntentId } = await paidOrder('60.00', 1, [card.code], { shippingAddress: oregonAddress });
    const answers = await Promise.all([cancel(orderId), cancel(orderId)]);
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedTotal: '65.99' });
    expect(await balanceOf(card.id)).toBe(5000);
    expect(await cardRefunds(card.id, orderId)).toEqual([5000]);
    expect(sentBack(paymentIntentId)).toBe(1599);
  });

  it('an order the cards paid in full is refunded and cancelled without asking Stripe', async () => {
    const card = await issue(20000);
    const { orderId, amount, giftCardCents } = await paidOrder('30.00', 1, [card.code], { shippingAddress: oregonAddress });
    expect([amount, giftCardCents]).toEqual([0, 3599]);
    const before = stripe.refunds.length;
    expect((await refund(orderId, { kind: 'amount', amount: '10.00' })).statusCode).toBe(200);
    expect(await balanceOf(card.id)).toBe(20000 - 3599 + 1000);
    const cancelled = await cancel(orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(card.id)).toBe(20000);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(stripe.refunds.length).toBe(before);
    expect((await lastRefundMail(orderId))!.text).toContain(`$10.00 to gift card ••••${card.code.slice(-4)}`);
  });

  it('20 refunds at once never give back more than was paid: the cards at most their $50.00, Stripe at most its $15.99', async () => {
    const card = await issue(5000);
    const { orderId, paymentIntentId } = await paidOrder('60.00', 1, [card.code], { shippingAddress: oregonAddress });
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(orderId, { kind: 'amount', amount: '7.00' })));
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    const made = answers.filter((res) => res.statusCode === 200).length;
    // $65.99 holds nine refunds of $7.00
    expect(made).toBe(9);
    const rows = await refundRows(orderId);
    expect(rows.every((row) => row.state === 'succeeded')).toBe(true);
    const booked = rows.reduce((sum, row) => sum + toCents(row.amount), 0);
    const toCards = rows.reduce((sum, row) => sum + row.giftCardParts.reduce((part, each) => part + each.cents, 0), 0);
    expect(booked).toBe(6300);
    expect(toCents((await orderRow(orderId)).refundedTotal)).toBe(booked);
    expect(toCards).toBe(5000);
    expect(await balanceOf(card.id)).toBe(5000);
    expect((await cardRefunds(card.id, orderId)).reduce((sum, cents) => sum + cents, 0)).toBe(5000);
    expect(sentBack(paymentIntentId)).toBe(booked - toCards);
  });

  it('a bad refund is a 400, not a change', async () => {
    const card = await issue(5000);
    const { orderId } = await paidOrder('60.00', 1, [card.code], { shippingAddress: oregonAddress });
    expect((await refund(orderId, { kind: 'amount', amount: 'lots' })).statusCode).toBe(400);
    expect((await refund(orderId, { kind: 'amount', amount: '-5.00' })).statusCode).toBe(400);
    expect(await balanceOf(card.id)).toBe(0);
  });
});
