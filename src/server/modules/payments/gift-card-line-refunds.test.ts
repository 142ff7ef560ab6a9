import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { toCents } from '#common/money.ts';
import { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { isoDay } from '#common/schemas/gift-cards.ts';
import { giftCardDeliveries, giftCards, orders, productTypes, refunds } from '#server/db/schema.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { addProduct, checkoutBody, configureShop, placeAndPay, stockOf } from '#server/test/checkout-fixtures.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Refunds of an order that bought gift cards beside other goods (decision 081): a gift card line has no stock to
// put back (400 if asked), and an amount refund gives back at most what the order holds besides its gift card
// units, so it never returns a card's money and leaves the card live; the card goes back with its line.
// PGlite, or PostgreSQL with DATABASE_URL (where the 20 refunds at once really race).

let t: TestApp;
let admin: SignedIn;
let cardProductId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  await configureShop(t.db);
  const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
  const [card] = await insertProducts(t.db, { name: 'Line Refund Gift Card', price: '25.00', stock: 1000, productTypeId: type!.id, sku: 'GIFT-LINE-25' });
  cardProductId = card!.id;
}, 600_000);
afterAll(async () => {
  await t.close();
});

/** A paid order of one $40 paddle and two $25 gift cards sent today, with its admin detail. */
async function mixedOrder() {
  const paddle = await addProduct(t.db, { name: 'Mixed Paddle', price: '40.00', stock: 10 });
  const card = {
    productId: cardProductId,
    quantity: 2,
    giftCard: { recipientName: 'Robin Rally', recipientEmail: 'robin.mixed@example.com', deliverOn: isoDay(0) },
  };
  const { orderId } = await placeAndPay((options) => t.app.inject(options), checkoutBody([{ productId: paddle.id, quantity: 1 }, card]));
  const detail = await detailOf(orderId);
  const paddleLine = detail.order.items.find((item) => item.productId === paddle.id)!;
  const cardLine = detail.order.items.find((item) => item.productId === cardProductId)!;
  // what the two cards' units cost, taken by hand from the stored line (no discount here)
  const cardsCents = toCents(cardLine.price) * 2 - toCents(cardLine.discountAllocated) + toCents(cardLine.taxAllocated);
  return { orderId, paddle, paddleLine, cardLine, detail, cardsCents, limitCents: toCents(detail.order.total) - cardsCents };
}

const detailOf = async (orderId: number) => AdminOrderDetail.parse((await admin.inject({ url: `/api/orders/${orderId}` })).json());
const refund = (orderId: number, payload: object) =>
  admin.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload: { reason: 'Goodwill', requestId: newRequestId(), ...payload } });
const money = (cents: number) => (cents / 100).toFixed(2);
const cardStates = async (orderId: number) =>
  t.db
    .select({ state: giftCardDeliveries.state, balanceCents: giftCards.balanceCents })
    .from(giftCardDeliveries)
    .leftJoin(giftCards, eq(giftCards.id, giftCardDeliveries.giftCardId))
    .where(eq(giftCardDeliveries.orderId, orderId))
    .orderBy(asc(giftCardDeliveries.position));
const refundedTotal = async (orderId: number) => (await t.db.select({ cents: orders.refundedTotal }).from(orders).where(eq(orders.id, orderId)))[0]!.cents;

describe('refunds of an order that bought gift cards', () => {
  it('lists the bought cards on the order page, latest first, and refuses "Put back in stock" on their line (400)', async () => {
    const { orderId, paddle, paddleLine, cardLine, detail } = await mixedOrder();
    expect(detail.boughtGiftCards).toHaveLength(2);
    expect(
      detail.boughtGiftCards.map((card) => ({ itemId: card.itemId, state: card.state, amountCents: card.amountCents, balanceCents: card.balanceCents })),
    ).toEqual([
      { itemId: cardLine.id, state: 'sent', amountCents: 2500, balanceCents: 2500 },
      { itemId: cardLine.id, state: 'sent', amountCents: 2500, balanceCents: 2500 },
    ]);
    expect(detail.boughtGiftCards.every((card) => /^[A-Z0-9]{4}$/.test(card.last4 ?? ''))).toBe(true);

    const asked = await refund(orderId, { kind: 'lines', lines: [{ itemId: cardLine.id, quantity: 1, restock: true }] });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().message).toBe('Line Refund Gift Card is a gift card: it has no stock to put back. Refund it without "Put back in stock".');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);

    // the paddle beside it is restocked as before, and the card line without restock takes its card back
    const stock = await stockOf(t.db, paddle.id);
    const both = await refund(orderId, {
      kind: 'lines',
      lines: [
        { itemId: paddleLine.id, quantity: 1, restock: true },
        { itemId: cardLine.id, quantity: 1, restock: false },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(await stockOf(t.db, paddle.id)).toBe(stock + 1);
    expect((await cardStates(orderId)).map((card) => [card.state, card.balanceCents])).toEqual([
      ['sent', 2500],
      ['cancelled', 0],
    ]);
    expect((await detailOf(orderId)).boughtGiftCards.map((card) => card.state)).toEqual(['cancelled', 'sent']);
  });

  it('an amount refund gives back at most what is not gift cards (409 above it, the cards untouched); their lines then take them back', async () => {
    const { orderId, cardLine, cardsCents, limitCents } = await mixedOrder();
    const over = await refund(orderId, { kind: 'amount', amount: money(limitCents + 1) });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `An amount refund gives back at most $${money(limitCents)} here: the other $${money(cardsCents)} paid for gift cards, which only a refund of their lines takes back. Choose the gift card lines to refund them.`,
    );
    expect(await refundedTotal(orderId)).toBe('0.00');

    const within = await refund(orderId, { kind: 'amount', amount: money(limitCents) });
    expect(within.statusCode, within.body).toBe(200);
    expect((await cardStates(orderId)).map((card) => [card.state, card.balanceCents])).toEqual([
      ['sent', 2500],
      ['sent', 2500],
    ]);
    const more = await refund(orderId, { kind: 'amount', amount: '0.01' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toContain('An amount refund gives back at most $0.00 here');

    // what is left is the cards' part: refunding their line takes both back and refunds the order in full
    const lines = await refund(orderId, { kind: 'lines', lines: [{ itemId: cardLine.id, quantity: 2 }] });
    expect(lines.statusCode, lines.body).toBe(200);
    expect((await cardStates(orderId)).map((card) => [card.state, card.balanceCents])).toEqual([
      ['cancelled', 0],
      ['cancelled', 0],
    ]);
    expect((await t.db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('refunded');
  });

  it('20 amount refunds at once never reach into the gift cards: each checked under the order lock', async () => {
    const { orderId, limitCents } = await mixedOrder();
    const each = 500;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(orderId, { kind: 'amount', amount: money(each) })));
    const made = answers.filter((answer) => answer.statusCode === 200).length;
    expect(made).toBe(Math.min(20, Math.floor(limitCents / each)));
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().message).toMatch(/^An amount refund gives back at most \$\d+\.\d{2} here/);
    }
    expect(toCents(await refundedTotal(orderId))).toBe(made * each);
    expect((await cardStates(orderId)).map((card) => [card.state, card.balanceCents])).toEqual([
      ['sent', 2500],
      ['sent', 2500],
    ]);
  });
});
