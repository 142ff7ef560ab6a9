import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { isoDay } from '#common/schemas/gift-cards.ts';
import { emailOutbox, giftCardDeliveries, giftCards, optionTypes, productTypeOptions, productTypes } from '#server/db/schema.ts';
import { sendGiftCardEmail } from '#server/modules/mail/gift-card-mail-service.ts';
import { addProduct, checkoutBody, configureShop, oregonAddress } from '#server/test/checkout-fixtures.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { deliverDueGiftCards, RECIPIENT_REQUIRED, scheduleOrderGiftCards } from './gift-card-purchase-service.ts';

// Gift cards sold as products (decision 066): a line of a Gift Card product names its recipient and day; paying
// the order schedules one card per unit exactly once, however often the paid event comes; today's cards are
// issued and e-mailed at once, later ones by the scheduled run on their day. PGlite, or PostgreSQL with DATABASE_URL.

let t: TestApp;
let giftCardProductId: number;
beforeAll(async () => {
  t = await createTestApp();
  // shipping $5.99 under $50, free from $50; Oregon has no sales tax
  await configureShop(t.db);
  const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
  const [product] = await insertProducts(t.db, { name: 'Gift Card $25', price: '25.00', stock: 1000, productTypeId: type!.id, sku: 'GIFT-25' });
  giftCardProductId = product!.id;
});
afterAll(() => t.close());

const nextYear = new Date().getFullYear() + 1;
const recipient = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Robin Rally',
  recipientEmail: 'Robin@Example.com',
  message: 'Happy birthday!',
  deliverOn: isoDay(0),
  ...overrides,
});
const dayText = (offset: number) =>
  new Date(`${isoDay(offset)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const checkout = (items: Array<Record<string, unknown>>) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody(items, { shippingAddress: oregonAddress }) });
const pay = (paymentIntentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
const deliveriesOf = (orderId: number) =>
  t.db
    .select({
      state: giftCardDeliveries.state,
      deliverOn: giftCardDeliveries.deliverOn,
      amountCents: giftCardDeliveries.amountCents,
      giftCardId: giftCardDeliveries.giftCardId,
    })
    .from(giftCardDeliveries)
    .where(eq(giftCardDeliveries.orderId, orderId))
    .orderBy(asc(giftCardDeliveries.position));
const giftMailsOf = (orderId: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'gift-card')))
    .orderBy(asc(emailOutbox.id));
const send = () => (tx: Parameters<typeof sendGiftCardEmail>[1], card: Parameters<typeof sendGiftCardEmail>[2]) =>
  sendGiftCardEmail(t.services.payments.mail, tx, card);

describe('buying a gift card', () => {
  it('has a Gift Card type in every shop whose products vary by Amount (migrations 0041, 0042)', async () => {
    const axes = await t.db
      .select({ key: optionTypes.key, name: optionTypes.name })
      .from(productTypeOptions)
      .innerJoin(productTypes, eq(productTypes.id, productTypeOptions.productTypeId))
      .innerJoin(optionTypes, eq(optionTypes.id, productTypeOptions.optionTypeId))
      .where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
    expect(axes).toEqual([{ key: 'gift_card_amount', name: 'Amount' }]);
  });

  it('totals in exact cents: two $25 cards and a $20 paddle are $75.99 (the paddle alone is under free shipping), and two cards wait for the payment', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 5 });
    const res = await checkout([
      { productId: giftCardProductId, quantity: 2, giftCard: recipient() },
      { productId: paddle.id, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ subtotal: 7000, discount: 0, shipping: 599, tax: 0, total: 7599 });
    expect(body.amount).toBe(7599);
    expect(await deliveriesOf(body.orderId)).toEqual([
      { state: 'awaiting_payment', deliverOn: isoDay(0), amountCents: 2500, giftCardId: null },
      { state: 'awaiting_payment', deliverOn: isoDay(0), amountCents: 2500, giftCardId: null },
    ]);
  });

  it('issues one card per unit and e-mails it today, exactly once even when the paid event repeats', async () => {
    const body = (await checkout([{ productId: giftCardProductId, quantity: 2, giftCard: recipient() }])).json();
    expect((await pay(body.paymentIntentId)).json().status).toBe('succeeded');
    // the provider's paid event again, and the paid step's gift card work run once more on its own
    await pay(body.paymentIntentId);
    expect(await t.db.transaction((tx) => scheduleOrderGiftCards(tx, body.orderId, send()))).toBe(0);

    const deliveries = await deliveriesOf(body.orderId);
    expect(deliveries.map((delivery) => delivery.state)).toEqual(['sent', 'sent']);
    const cardIds = deliveries.map((delivery) => delivery.giftCardId!);
    expect(new Set(cardIds).size).toBe(2);
    const cards = await t.db.select().from(giftCards).where(eq(giftCards.orderId, body.orderId));
    expect(cards.map(({ initialCents, balanceCents, source, recipientEmail }) => ({ initialCents, balanceCents, source, recipientEmail }))).toEqual([
      { initialCents: 2500, balanceCents: 2500, source: 'purchase', recipientEmail: 'robin@example.com' },
      { initialCents: 2500, balanceCents: 2500, source: 'purchase', recipientEmail: 'robin@example.com' },
    ]);
    // the buyer's confirmation says who gets them and when
    const [confirmation] = await t.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, body.orderId), eq(emailOutbox.kind, 'order-confirmation')));
    expect(confirmation!.text).toContain(`2 gift cards of $25.00 for Robin Rally (robin@example.com) are e-mailed on ${dayText(0)}.`);
    const mails = await giftMailsOf(body.orderId);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ recipient: 'robin@example.com', subject: 'Pat Dinker sent you a $25.00 gift card - Pickleball Shop' });
    expect(mails[0]!.text).toContain('Happy birthday!');
    // the e-mailed code is the card's: it pays at checkout
    const code = /Gift card code \(\$25\.00\): ([A-Z0-9-]{19})/.exec(mails[0]!.text)![1]!;
    const balance = await t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code } });
    expect(balance.json()).toMatchObject({ balanceCents: 2500, status: 'active' });
  });

  it('keeps a card for a later day scheduled until its day, and the run sends it then, once', async () => {
    const body = (await checkout([{ productId: giftCardProductId, quantity: 1, giftCard: recipient({ deliverOn: isoDay(3) }) }])).json();
    expect((await pay(body.paymentIntentId)).json().status).toBe('succeeded');
    expect(await deliveriesOf(body.orderId)).toEqual([{ state: 'scheduled', deliverOn: isoDay(3), amountCents: 2500, giftCardId: null }]);
    const [confirmation] = await t.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, body.orderId), eq(emailOutbox.kind, 'order-confirmation')));
    expect(confirmation!.text).toContain(`A $25.00 gift card for Robin Rally (robin@example.com) is e-mailed on ${dayText(3)}.`);
    await deliverDueGiftCards(t.db, send());
    expect(await giftMailsOf(body.orderId)).toHaveLength(0);

    // its day comes
    await t.db
      .update(giftCardDeliveries)
      .set({ deliverOn: isoDay(0) })
      .where(eq(giftCardDeliveries.orderId, body.orderId));
    await Promise.all([deliverDueGiftCards(t.db, send()), deliverDueGiftCards(t.db, send())]);
    await deliverDueGiftCards(t.db, send());
    expect((await deliveriesOf(body.orderId)).map((delivery) => delivery.state)).toEqual(['sent']);
    expect(await giftMailsOf(body.orderId)).toHaveLength(1);
  });

  it('sends nothing for an order that is never paid', async () => {
    const body = (await checkout([{ productId: giftCardProductId, quantity: 1, giftCard: recipient() }])).json();
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: body.paymentIntentId, card: { number: '4000000000000002', expMonth: 12, expYear: nextYear, cvc: '123' } },
    });
    expect(declined.json().status).not.toBe('succeeded');
    await deliverDueGiftCards(t.db, send());
    expect((await deliveriesOf(body.orderId)).map((delivery) => delivery.state)).toEqual(['cancelled']);
    expect(await giftMailsOf(body.orderId)).toHaveLength(0);
  });

  it.each([
    ['no recipient', undefined, RECIPIENT_REQUIRED],
    ['a bad e-mail', recipient({ recipientEmail: 'robin-at-example' }), 'Please enter a valid email address'],
    ['no name', recipient({ recipientName: '  ' }), "Enter the recipient's name"],
    ['a day in the past', recipient({ deliverOn: isoDay(-3) }), 'The gift card can be sent today or on a later day'],
    ['a day that does not exist', recipient({ deliverOn: '2026-02-30' }), 'Choose the day to send the gift card'],
    ['a day over a year ahead', recipient({ deliverOn: isoDay(400) }), 'The gift card can be sent at most 365 days ahead'],
  ])('refuses a gift card line with %s (400), reserving nothing', async (_case, giftCard, message) => {
    const res = await checkout([{ productId: giftCardProductId, quantity: 1, ...(giftCard && { giftCard }) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a recipient on a line that is not a gift card', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 5 });
    const res = await checkout([{ productId: paddle.id, quantity: 1, giftCard: recipient() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only a gift card line takes a recipient');
  });
});
