import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAILED_ONLY_LINE } from '#common/emailed-orders.ts';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { isoDay } from '#common/schemas/gift-cards.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import type { PrintOrders } from '#common/schemas/shipments.ts';
import { emailOutbox, productTypes } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, oregonAddress } from '#server/test/checkout-fixtures.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// An order of gift cards alone is placed with no address (decision 071) and ships nothing (decision 066): after
// checkout the owner's views, the print run and the e-mails say so instead of printing a blank address, and the
// wallet, which cannot carry a recipient, never sells a gift card. PGlite, or PostgreSQL with DATABASE_URL.

let t: TestApp;
let admin: SignedIn;
let giftCardId: number;
let paddleId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  await configureShop(t.db);
  const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
  const [card] = await insertProducts(t.db, { name: 'Emailed Gift Card', price: '25.00', stock: 1000, productTypeId: type!.id, sku: 'GIFT-MAIL-25' });
  giftCardId = card!.id;
  paddleId = (await addProduct(t.db, { price: '40.00', stock: 10 })).id;
});
afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getFullYear() + 1;
const giftCardLine = () => ({
  productId: giftCardId,
  quantity: 1,
  giftCard: { recipientName: 'Robin Rally', recipientEmail: 'robin.print@example.com', deliverOn: isoDay(0) },
});

async function paidOrder(body: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId, paymentIntentId } = res.json() as { orderId: number; paymentIntentId: string };
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  expect(paid.json().status).toBe('succeeded');
  return orderId;
}

describe('an order of gift cards alone, after checkout', () => {
  let emailedId: number;
  let parcelId: number;
  beforeAll(async () => {
    const { shippingAddress: _none, ...noAddress } = checkoutBody([giftCardLine()], { customerEmail: 'giver@example.com' });
    emailedId = await paidOrder(noAddress);
    parcelId = await paidOrder(checkoutBody([{ productId: paddleId, quantity: 2 }], { shippingAddress: oregonAddress, customerEmail: 'player@example.com' }));
  });

  it('reads as shipping nothing to the owner, and an order with a parcel does not', async () => {
    const res = await admin.inject({ url: `/api/orders/${emailedId}` });
    expect(res.statusCode, res.body).toBe(200);
    const emailed = res.json() as { order: OrderView };
    expect(emailed.order).toMatchObject({ shipsNothing: true, street: null, city: null, state: null, zipCode: null, status: 'processing' });
    const parcel = (await admin.inject({ url: `/api/orders/${parcelId}` })).json() as { order: OrderView };
    expect(parcel.order.shipsNothing).toBe(false);
  });

  it('gets no packing slip and nothing on the pick list', async () => {
    const res = await admin.inject({ url: `/api/admin/orders/print?ids=${emailedId},${parcelId}` });
    expect(res.statusCode, res.body).toBe(200);
    const print = res.json() as PrintOrders;
    expect(print.slips.map((slip) => slip.id)).toEqual([parcelId]);
    expect(print.pickList.map((row) => [row.productName, row.quantity])).toEqual([[print.slips[0]!.lines[0]!.productName, 2]]);
    expect(print.pickList.some((row) => row.sku === 'GIFT-MAIL-25')).toBe(false);
  });

  it("confirms by e-mail with the delivery in words, not a blank address; a parcel's e-mail keeps its address", async () => {
    const mail = async (recipient: string) =>
      (
        await t.db
          .select({ html: emailOutbox.html, text: emailOutbox.text })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.recipient, recipient), eq(emailOutbox.kind, 'order-confirmation')))
      )[0]!;
    const emailed = await mail('giver@example.com');
    expect(emailed.text).toContain(`Delivery:\n  ${EMAILED_ONLY_LINE}`);
    expect(emailed.html).toContain(EMAILED_ONLY_LINE);
    expect(emailed.text).not.toContain('Shipping address');
    const parcel = await mail('player@example.com');
    expect(parcel.text).toContain('Shipping address:');
    expect(parcel.text).not.toContain(EMAILED_ONLY_LINE);
  });

  it('is refused by every shipping action on the server, not only hidden by the page, and stays processing', async () => {
    const { orderNumber, items } = ((await admin.inject({ url: `/api/orders/${emailedId}` })).json() as { order: OrderView }).order;
    for (const [method, url, payload] of [
      ['POST', 'shipments', { lines: [{ itemId: items[0]!.id, quantity: 1 }], carrier: 'usps', trackingNumber: '9400 1' }],
      ['PATCH', 'tracking', { trackingNumber: '9400 1' }],
      ['POST', 'ship', { carrier: 'usps', trackingNumber: '9400 1' }],
      ['PATCH', 'status', { status: 'shipped' }],
      ['PATCH', 'status', { status: 'delivered' }],
    ] as const) {
      const res = await admin.inject({ method, url: `/api/orders/${emailedId}/${url}`, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({
        message: `Order #${orderNumber} is gift cards alone, e-mailed to their recipients: it has nothing to ship or track.`,
      });
    }
    expect(((await admin.inject({ url: `/api/orders/${emailedId}` })).json().order as OrderView).status).toBe('processing');
  });
});

describe('express checkout and gift cards', () => {
  const EXPRESS_GIFT_CARD_REFUSAL = 'Gift cards cannot be bought with express checkout. Please check out to say who each card is for.';
  const austin = { city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
  it('refuses to quote or place a wallet order holding a gift card, with nothing placed', async () => {
    for (const items of [[giftCardLine()], [{ productId: paddleId, quantity: 1 }, giftCardLine()]]) {
      const quote = await t.app.inject({ method: 'POST', url: '/api/express-checkout/quote', payload: { items, address: austin } });
      expect(quote.statusCode).toBe(400);
      expect(quote.json().message).toBe(EXPRESS_GIFT_CARD_REFUSAL);
      const place = await t.app.inject({
        method: 'POST',
        url: '/api/express-checkout/orders',
        payload: {
          customerName: 'Jamie Rivera',
          customerEmail: 'jamie.wallet@example.com',
          shippingAddress: { street: '1 Congress Ave', ...austin },
          items,
          shippingOptionId: 'standard',
          amount: 2500,
        },
      });
      expect(place.statusCode).toBe(400);
      expect(place.json().message).toBe(EXPRESS_GIFT_CARD_REFUSAL);
    }
    const quote = await t.app.inject({ method: 'POST', url: '/api/express-checkout/quote', payload: { items: [{ productId: paddleId, quantity: 1 }] } });
    expect(quote.statusCode, quote.body).toBe(200);
  });
});
