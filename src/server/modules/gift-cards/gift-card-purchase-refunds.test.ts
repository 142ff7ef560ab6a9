import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { isoDay } from '#common/schemas/gift-cards.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { giftCardDeliveries, giftCardLedger, giftCards, productTypes } from '#server/db/schema.ts';
import { checkoutBody, configureShop, placeAndPay } from '#server/test/checkout-fixtures.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Refunding the units that bought gift cards takes the cards back: a card not sent yet is never sent, a sent
// card loses what is left of its value (up to its amount), so a refunded purchase leaves no live card behind.
// PGlite, or PostgreSQL with DATABASE_URL.

let t: TestApp;
let admin: SignedIn;
let cardProductId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  await configureShop(t.db);
  const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
  const [card] = await insertProducts(t.db, { name: 'Refundable Gift Card', price: '25.00', stock: 1000, productTypeId: type!.id, sku: 'GIFT-REFUND-25' });
  cardProductId = card!.id;
});
afterAll(async () => {
  await t.close();
});

async function buyCards(quantity: number, deliverOn: string, email: string): Promise<{ orderId: number; itemId: number }> {
  const line = { productId: cardProductId, quantity, giftCard: { recipientName: 'Robin Rally', recipientEmail: email, deliverOn } };
  const { shippingAddress: _none, ...body } = checkoutBody([line], { customerEmail: 'buyer@example.com' });
  const { orderId } = await placeAndPay((options) => t.app.inject(options), body);
  const order = ((await admin.inject({ url: `/api/orders/${orderId}` })).json() as { order: OrderView }).order;
  return { orderId, itemId: order.items[0]!.id };
}

const deliveries = (orderId: number) =>
  t.db
    .select({ state: giftCardDeliveries.state, giftCardId: giftCardDeliveries.giftCardId })
    .from(giftCardDeliveries)
    .where(eq(giftCardDeliveries.orderId, orderId))
    .orderBy(asc(giftCardDeliveries.position));
const balanceOf = async (id: number) => (await t.db.select({ cents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, id)))[0]!.cents;
const refundLines = (orderId: number, itemId: number, quantity: number) =>
  admin.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    payload: { kind: 'lines', lines: [{ itemId, quantity }], reason: 'Changed my mind', requestId: newRequestId() },
  });

describe('refunding gift cards that were bought', () => {
  it("takes back a sent card's value, the latest unit first, and what was spent stays spent; a cancel takes back the rest", async () => {
    const { orderId, itemId } = await buyCards(2, isoDay(0), 'robin.sent@example.com');
    const [first, second] = await deliveries(orderId);
    expect([first!.state, second!.state]).toEqual(['sent', 'sent']);

    const refunded = await refundLines(orderId, itemId, 1);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await balanceOf(second!.giftCardId!)).toBe(0);
    expect(await balanceOf(first!.giftCardId!)).toBe(2500);
    expect((await deliveries(orderId)).map((row) => row.state)).toEqual(['sent', 'cancelled']);
    const [taken] = await t.db
      .select()
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.giftCardId, second!.giftCardId!), eq(giftCardLedger.kind, 'adjust')));
    expect(taken).toMatchObject({ amountCents: -2500, balanceCents: 0, orderId, reason: 'Taken back: its purchase was refunded' });

    // the first card's holder spent $10 of it; cancelling the order refunds the other unit and takes back the $15 left
    await t.db.update(giftCards).set({ balanceCents: 1500 }).where(eq(giftCards.id, first!.giftCardId!));
    const cancelled = await admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(first!.giftCardId!)).toBe(0);
    expect((await deliveries(orderId)).map((row) => row.state)).toEqual(['cancelled', 'cancelled']);
  });

  it('never sends a card whose purchase was refunded before its day', async () => {
    const { orderId, itemId } = await buyCards(1, isoDay(7), 'robin.later@example.com');
    expect((await deliveries(orderId)).map((row) => row.state)).toEqual(['scheduled']);
    expect((await refundLines(orderId, itemId, 1)).statusCode).toBe(200);
    expect(await deliveries(orderId)).toEqual([{ state: 'cancelled', giftCardId: null }]);
  });
});
