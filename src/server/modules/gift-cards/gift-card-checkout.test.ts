import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode } from '#common/gift-cards.ts';
import { GIFT_CARD_NOT_FOUND_MESSAGE } from '#common/schemas/gift-cards.ts';
import { giftCardHolds, giftCardLedger, giftCards, orders } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, oregonAddress, stockOf } from '#server/test/checkout-fixtures.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Gift cards paying part of an order at checkout, the card payment the rest (decision 059): held when the
// order is placed, committed when it is paid, given back when it is declined; and many checkouts spending
// one card at once never take more than it holds. PGlite, or PostgreSQL with DATABASE_URL.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  // shipping $5.99 under $50, free from $50; Oregon has no sales tax
  await configureShop(t.db);
});
afterAll(() => t.close());

const nextYear = new Date().getFullYear() + 1;
const issue = async (amountCents: number) =>
  (await admin.inject({ method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents } })).json() as { id: number; code: string };
const checkout = (productId: number, giftCardCodes: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { ...checkoutBody([{ productId, quantity: 1 }], { shippingAddress: oregonAddress }), giftCardCodes },
  });
const pay = (paymentIntentId: string, number = '4242424242424242') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number, expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
const balanceOf = async (id: number) =>
  (await t.db.select({ balanceCents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;
const ledgerOf = async (id: number) =>
  (await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, id)).orderBy(asc(giftCardLedger.id))).map(
    ({ kind, amountCents, balanceCents }) => ({
      kind,
      amountCents,
      balanceCents,
    }),
  );

describe('paying with gift cards at checkout', () => {
  it('a $50 card pays $50 of a $60 order, the card payment the $10 left; paying commits the hold', async () => {
    const paddle = await addProduct(t.db, { price: '60.00', stock: 5 });
    const card = await issue(5000);
    const res = await checkout(paddle.id, [formatGiftCardCode(card.code).toLowerCase()]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ amount: 1000, giftCardCents: 5000 });
    expect(body.totals.total).toBe(6000);
    expect(await balanceOf(card.id)).toBe(0);

    const paid = await pay(body.paymentIntentId);
    expect(paid.json().status).toBe('succeeded');
    const [order] = await t.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, body.orderId));
    expect(order!.paymentStatus).toBe('succeeded');
    expect(
      await t.db
        .select({ state: giftCardHolds.state, amountCents: giftCardHolds.amountCents })
        .from(giftCardHolds)
        .where(eq(giftCardHolds.orderId, body.orderId)),
    ).toEqual([{ state: 'committed', amountCents: 5000 }]);
    expect(await ledgerOf(card.id)).toEqual([
      { kind: 'issue', amountCents: 5000, balanceCents: 5000 },
      { kind: 'hold', amountCents: -5000, balanceCents: 0 },
      { kind: 'redeem', amountCents: 0, balanceCents: 0 },
    ]);
  });

  it('a card worth more than the order pays all of it (decision 071), and keeps the rest for another order', async () => {
    const balls = await addProduct(t.db, { price: '30.00', stock: 5 });
    const card = await issue(10000);
    // $30.00 + $5.99 shipping, twice: no card payment either time
    const first = (await checkout(balls.id, [card.code])).json();
    expect(first).toMatchObject({ amount: 0, giftCardCents: 3599, paid: true });
    expect(await balanceOf(card.id)).toBe(6401);
    const second = (await checkout(balls.id, [card.code])).json();
    expect(second).toMatchObject({ amount: 0, giftCardCents: 3599, paid: true });
    expect(await balanceOf(card.id)).toBe(2802);
    // the third takes the $28.02 left, and the card payment the $7.97 rest
    const third = (await checkout(balls.id, [card.code])).json();
    expect(third).toMatchObject({ amount: 797, giftCardCents: 2802 });
    expect((await pay(third.paymentIntentId)).json().status).toBe('succeeded');
    expect(await balanceOf(card.id)).toBe(0);
  });

  it('two cards pay in the order given; a declined card payment puts both back on their cards, once', async () => {
    const net = await addProduct(t.db, { price: '80.00', stock: 5 });
    const small = await issue(1500);
    const large = await issue(6000);
    // $80.00 (free shipping): the cards pay $75.00 between them, the card payment the $5.00 left
    const res = (await checkout(net.id, [small.code, large.code])).json();
    expect(res).toMatchObject({ amount: 500, giftCardCents: 7500 });
    expect([await balanceOf(small.id), await balanceOf(large.id)]).toEqual([0, 0]);
    const declined = await pay(res.paymentIntentId, '4000000000000002');
    expect(declined.json()).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    expect([await balanceOf(small.id), await balanceOf(large.id)]).toEqual([1500, 6000]);
    expect(await ledgerOf(small.id)).toEqual([
      { kind: 'issue', amountCents: 1500, balanceCents: 1500 },
      { kind: 'hold', amountCents: -1500, balanceCents: 0 },
      { kind: 'release', amountCents: 1500, balanceCents: 1500 },
    ]);
    expect(await stockOf(t.db, net.id)).toBe(5);
  });

  it('refuses an unknown, disabled or empty card by name and keeps no order, stock or balance taken', async () => {
    const paddle = await addProduct(t.db, { price: '40.00', stock: 3 });
    const unknown = await checkout(paddle.id, ['AAAABBBBCCCCDDDD']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GIFT_CARD_NOT_FOUND_MESSAGE);
    const good = await issue(2000);
    const disabled = await issue(2000);
    await admin.inject({ method: 'POST', url: `/api/admin/gift-cards/${disabled.id}/status`, payload: { status: 'disabled' } });
    const refused = await checkout(paddle.id, [good.code, disabled.code]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The gift card ending in ${disabled.code.slice(-4)} is disabled`);
    expect(await balanceOf(good.id)).toBe(2000);
    expect(await stockOf(t.db, paddle.id)).toBe(3);
    const malformed = await checkout(paddle.id, ['nope']);
    expect(malformed.statusCode).toBe(400);
  });

  it('a full refund of an order a card paid part of puts the card’s part back on it first (decision 072)', async () => {
    const paddle = await addProduct(t.db, { price: '60.00', stock: 5 });
    const card = await issue(5000);
    const body = (await checkout(paddle.id, [card.code])).json();
    expect((await pay(body.paymentIntentId)).json().status).toBe('succeeded');
    const full = await admin.inject({
      method: 'POST',
      url: `/api/orders/${body.orderId}/refunds`,
      payload: { kind: 'full', reason: 'Test', requestId: newRequestId() },
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().refunds).toMatchObject([{ amount: '60.00', giftCards: [{ last4: card.code.slice(-4), cents: 5000 }] }]);
    expect(await balanceOf(card.id)).toBe(5000);
  });

  it('20 checkouts at once spending one $50 card never take more than it holds', async () => {
    const paddle = await addProduct(t.db, { price: '30.00', stock: 100 });
    const card = await issue(5000);
    const results = await Promise.all(Array.from({ length: 20 }, () => checkout(paddle.id, [card.code])));
    expect(results.some((res) => res.statusCode >= 500)).toBe(false);
    const ok = results.filter((res) => res.statusCode === 200).map((res) => res.json() as { giftCardCents: number; amount: number });
    const refused = results.filter((res) => res.statusCode === 409);
    expect(ok.length + refused.length).toBe(20);
    // each order's card part and card payment add up to its $35.99
    expect(ok.every((body) => body.giftCardCents + body.amount === 3599)).toBe(true);
    expect(ok.reduce((sum, body) => sum + body.giftCardCents, 0)).toBe(5000);
    expect(refused.every((res) => res.json().message === `The gift card ending in ${card.code.slice(-4)} has no balance left`)).toBe(true);
    expect(await balanceOf(card.id)).toBe(0);
    const ledger = await ledgerOf(card.id);
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(ledger.every((entry) => entry.balanceCents >= 0)).toBe(true);
    // the refused checkouts hold no stock: only the orders the card paid for do
    expect(await stockOf(t.db, paddle.id)).toBe(100 - ok.length);
  });
});
