import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { isoDay } from '#common/schemas/gift-cards.ts';
import { orderItems, orders, productTypes } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, texasAddress } from '#server/test/checkout-fixtures.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// A gift card is e-mailed, not shipped, and is money, not goods (decision 066): a cart of only gift cards pays no
// shipping and is offered "Delivered by e-mail"; a mixed cart's shipping is priced on its parcel's lines alone; no
// gift card is taxed, and its line carries no tax share for a refund. Texas taxes goods and shipping at 8.2 %.

let t: TestApp;
let giftCardId: number;
beforeAll(async () => {
  t = await createTestApp();
  // the spec's shipping: $5.99, free from $50; no zones, so the built-in Standard shipping
  await configureShop(t.db);
  const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
  const [card] = await insertProducts(t.db, { name: 'Shipping Test Gift Card', price: '50.00', stock: 1000, productTypeId: type!.id, sku: 'GIFT-SHIP-50' });
  giftCardId = card!.id;
});
afterAll(() => t.close());

const recipient = (deliverOn = isoDay(0)) => ({ recipientName: 'Robin Rally', recipientEmail: 'robin@example.com', deliverOn });
const checkout = (items: Array<Record<string, unknown>>, overrides: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody(items, overrides) });
const rates = (items: Array<Record<string, unknown>>) =>
  t.app.inject({ method: 'POST', url: '/api/shipping/rates', payload: { toAddress: { state: 'TX', country: 'US' }, items } });
const linesOf = (orderId: number) =>
  t.db
    .select({ productId: orderItems.productId, tax: orderItems.taxAllocated })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));

describe('gift cards and shipping', () => {
  it('offers a cart of only gift cards one free "Delivered by e-mail" and charges no shipping or tax', async () => {
    const offered = await rates([{ productId: giftCardId, quantity: 1 }]);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().methods).toEqual([
      { id: 'email', name: 'Delivered by e-mail', kind: 'delivery', priceCents: 0, arrivesFrom: isoDay(0), arrivesBy: isoDay(0) },
    ]);

    const tax = await t.app.inject({
      method: 'POST',
      url: '/api/tax/calculate',
      payload: { lineItems: [{ id: giftCardId, quantity: 2 }], toAddress: texasAddress },
    });
    expect(tax.statusCode, tax.body).toBe(200);
    expect(tax.json().amountCents).toBe(0);

    // a page that still names Standard shipping is given the e-mail delivery, not refused
    const res = await checkout([{ productId: giftCardId, quantity: 2, giftCard: recipient(isoDay(3)) }], { shippingMethodId: 'standard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals).toEqual({ subtotal: 10000, discount: 0, shipping: 0, tax: 0, total: 10000 });
    const [order] = await t.db
      .select({ name: orders.shippingMethodName, from: orders.shippingArrivesFrom, by: orders.shippingArrivesBy, shippingTax: orders.shippingTax })
      .from(orders)
      .where(eq(orders.id, res.json().orderId));
    expect(order).toEqual({ name: 'Delivered by e-mail', from: isoDay(3), by: isoDay(3), shippingTax: '0.00' });
  });

  it('prices a mixed cart by its parcel: a $50 card and a $20 paddle pay $5.99 shipping and tax on the paddle and shipping only', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 5 });
    const offered = await rates([
      { productId: giftCardId, quantity: 1 },
      { productId: paddle.id, quantity: 1 },
    ]);
    expect(offered.json().methods.map((method: { id: string; priceCents: number }) => [method.id, method.priceCents])).toEqual([['standard', 599]]);

    const res = await checkout([
      { productId: giftCardId, quantity: 1, giftCard: recipient() },
      { productId: paddle.id, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // goods' tax 8.2 % of $20.00 = $1.64; with shipping 8.2 % of $25.99 = $2.13, so $0.49 on shipping
    expect(res.json().totals).toEqual({ subtotal: 7000, discount: 0, shipping: 599, tax: 213, total: 7812 });
    const orderId = res.json().orderId;
    const [order] = await t.db.select({ shippingTax: orders.shippingTax }).from(orders).where(eq(orders.id, orderId));
    expect(order!.shippingTax).toBe('0.49');
    const lines = await linesOf(orderId);
    expect(lines.sort((a, b) => a.productId! - b.productId!)).toEqual([
      { productId: giftCardId, tax: '0.00' },
      { productId: paddle.id, tax: '1.64' },
    ]);
  });

  it('ships free when the parcel alone reaches the $50 threshold, and the card is still untaxed', async () => {
    const paddle = await addProduct(t.db, { price: '60.00', stock: 5 });
    const res = await checkout([
      { productId: giftCardId, quantity: 1, giftCard: recipient() },
      { productId: paddle.id, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // 8.2 % of $60.00 = $4.92
    expect(res.json().totals).toEqual({ subtotal: 11000, discount: 0, shipping: 0, tax: 492, total: 11492 });
  });

  it('keeps the spec’s shipping for a cart without gift cards: $5.99 under $50, free from $50', async () => {
    const small = await addProduct(t.db, { price: '20.00', stock: 5 });
    const big = await addProduct(t.db, { price: '50.00', stock: 5 });
    expect((await rates([{ productId: small.id, quantity: 1 }])).json().methods[0]).toMatchObject({ id: 'standard', priceCents: 599 });
    expect((await rates([{ productId: big.id, quantity: 1 }])).json().methods[0]).toMatchObject({ id: 'standard', priceCents: 0 });
  });

  it('marks a gift card in the catalogue reads, so a card links to its page instead of adding it without a recipient', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 5 });
    const res = await t.app.inject({ method: 'GET', url: `/api/products?ids=${giftCardId},${paddle.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const flags = (res.json() as { id: number; giftCard: boolean }[]).map(({ id, giftCard }) => ({ id, giftCard }));
    expect(flags.sort((a, b) => a.id - b.id)).toEqual([
      { id: giftCardId, giftCard: true },
      { id: paddle.id, giftCard: false },
    ]);
  });
});
