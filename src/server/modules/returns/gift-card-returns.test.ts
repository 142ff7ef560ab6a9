import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { CustomerReturnsView } from '#common/schemas/order-returns.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { orders, productTypes } from '#server/db/schema.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop, placeAndPay } from '#server/test/checkout-fixtures.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { giftCardNotReturnable } from './return-rules.ts';

// A delivered order that bought a paddle and a gift card: the paddle can go back by a return, the gift card
// cannot (it was e-mailed and may be spent; its line's refund takes it back). Before, a return of the card's
// line could be settled in money or store credit with the card still live. PGlite, or PostgreSQL with DATABASE_URL.

let t: TestApp;
let admin: SignedIn;
let paddleId: number;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
  expect((await admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 30, conditions: '' } })).statusCode).toBe(200);
  const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
  const [paddle, card] = await insertProducts(t.db, [
    { name: 'Returnable Paddle', price: '90.00', stock: 10 },
    { name: 'Birthday Gift Card', price: '50.00', stock: 100, productTypeId: type!.id, sku: 'GIFT-RETURN-50' },
  ]);
  paddleId = paddle!.id;
  cardId = card!.id;
});
afterAll(() => t.close());

/** Paid and delivered: one paddle and one gift card for a friend, e-mailed today. */
async function deliveredMixedOrder() {
  const today = new Date().toISOString().slice(0, 10);
  const lines = [
    { productId: paddleId, quantity: 1 },
    { productId: cardId, quantity: 1, giftCard: { recipientName: 'Robin Rally', recipientEmail: 'robin@example.com', deliverOn: today } },
  ];
  const { orderId } = await placeAndPay((options) => t.app.inject(options), checkoutBody(lines));
  for (const status of ['shipped', 'delivered']) {
    const moved = await admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status } });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const { items } = ((await admin.inject({ url: `/api/orders/${orderId}` })).json() as { order: OrderView }).order;
  const [{ orderNumber }] = (await t.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId))) as [{ orderNumber: string }];
  return {
    orderNumber,
    key: t.services.orderLinks.sign(orderNumber).key,
    paddleLine: items.find((item) => item.productId === paddleId)!,
    cardLine: items.find((item) => item.productId === cardId)!,
  };
}

describe('returns of an order that bought a gift card', () => {
  it('offers the goods and not the gift card, and refuses a return of the card with a 400 that says why', async () => {
    const order = await deliveredMixedOrder();
    const view = await t.app.inject({ url: `/api/orders/number/${order.orderNumber}/returns?key=${encodeURIComponent(order.key)}` });
    expect(view.statusCode, view.body).toBe(200);
    // as sent: the card line says why it has no units, so the page can say so
    expect(CustomerReturnsView.parse(view.json()).returnable).toEqual(view.json().returnable);
    expect(view.json().returnable).toEqual(
      expect.arrayContaining([
        { itemId: order.paddleLine.id, quantity: 1, giftCard: false },
        { itemId: order.cardLine.id, quantity: 0, giftCard: true },
      ]),
    );

    const ask = (lines: { itemId: number; quantity: number }[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/number/${order.orderNumber}/returns`,
        payload: { key: order.key, lines, reason: 'Changed my mind', requestId: newRequestId() },
      });
    const card = await ask([{ itemId: order.cardLine.id, quantity: 1 }]);
    expect(card.statusCode, card.body).toBe(400);
    expect(card.json().message).toBe(giftCardNotReturnable('Birthday Gift Card'));
    const both = await ask([
      { itemId: order.paddleLine.id, quantity: 1 },
      { itemId: order.cardLine.id, quantity: 1 },
    ]);
    expect(both.statusCode, both.body).toBe(400);

    const paddle = await ask([{ itemId: order.paddleLine.id, quantity: 1 }]);
    expect(paddle.statusCode, paddle.body).toBe(200);
    expect(CustomerReturnsView.parse(paddle.json()).returns).toHaveLength(1);
  });
});
