import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_PAYMENT_PREFIX, GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { isoDay } from '#common/schemas/gift-cards.ts';
import { emailOutbox, giftCardHolds, giftCardLedger, giftCards, orders, productTypes, productVariants } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, oregonAddress, stockOf } from '#server/test/checkout-fixtures.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Gift cards that cover the whole total pay the order with no card payment (decision 071): placed, held,
// committed and paid in one exactly-once path, the provider never asked. PGlite, or PostgreSQL with DATABASE_URL.

let t: TestApp;
let admin: SignedIn;
let stripe: FakeStripe;
let withStripe: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  // shipping $5.99 under $50, free from $50; Oregon has no sales tax
  await configureShop(t.db);
  stripe = await startFakeStripe();
  withStripe = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: 'whsec_test' });
  await configureShop(withStripe.db);
});
afterAll(async () => {
  await t.close();
  await withStripe.close();
  await stripe.close();
});

const nextYear = new Date().getFullYear() + 1;
const issue = async (amountCents: number, app: TestApp = t) => {
  const owner = app === t ? admin : await app.signIn({ admin: true });
  return (await owner.inject({ method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents } })).json() as { id: number; code: string };
};
const checkout = (productId: number, giftCardCodes: string[], extra: Record<string, unknown> = {}, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { ...checkoutBody([{ productId, quantity: 1 }], { shippingAddress: oregonAddress, ...extra }), giftCardCodes },
  });
const pay = (paymentIntentId: string, number = '4242424242424242') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number, expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
const balanceOf = async (id: number, app: TestApp = t) =>
  (await app.db.select({ balanceCents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;
const holdsOf = (orderId: number) =>
  t.db.select({ state: giftCardHolds.state, amountCents: giftCardHolds.amountCents }).from(giftCardHolds).where(eq(giftCardHolds.orderId, orderId));
const ledgerOf = async (id: number) =>
  (await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, id)).orderBy(asc(giftCardLedger.id))).map(
    ({ kind, amountCents, balanceCents }) => ({
      kind,
      amountCents,
      balanceCents,
    }),
  );
const orderOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const cartToken = () => `cart-${crypto.randomUUID()}`;

describe('an order its gift cards pay whole', () => {
  it('is paid at once to the exact cent: no card payment, holds committed, stock committed, confirmation e-mailed', async () => {
    const balls = await addProduct(t.db, { price: '30.00', stock: 5 });
    const card = await issue(5000);
    const res = await checkout(balls.id, [card.code], { amount: 0, customerEmail: 'whole@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // $30.00 + $5.99 shipping, all of it on the card
    expect(body).toMatchObject({ amount: 0, giftCardCents: 3599, clientSecret: null, paid: true, provider: 'simulated' });
    expect(body.totals.total).toBe(3599);
    expect(body.paymentIntentId.startsWith(GIFT_CARD_PAYMENT_PREFIX)).toBe(true);

    const order = await orderOf(body.orderId);
    expect(order).toMatchObject({ paymentStatus: 'succeeded', providerPaymentId: body.paymentIntentId, total: '35.99' });
    expect(await holdsOf(body.orderId)).toEqual([{ state: 'committed', amountCents: 3599 }]);
    expect(await ledgerOf(card.id)).toEqual([
      { kind: 'issue', amountCents: 5000, balanceCents: 5000 },
      { kind: 'hold', amountCents: -3599, balanceCents: 1401 },
      { kind: 'redeem', amountCents: 0, balanceCents: 1401 },
    ]);
    expect(await stockOf(t.db, balls.id)).toBe(4);
    const mails = await t.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, body.orderId), like(emailOutbox.recipient, 'whole@example.com')));
    expect(mails.length).toBe(1);

    // the confirmation page's status check and order view read it by its payment reference
    const status = await t.app.inject({ method: 'GET', url: `/api/check-payment-status/${body.paymentIntentId}` });
    expect(status.json()).toMatchObject({ success: true, status: 'succeeded', orderId: body.orderId });
    // a card confirm sent for it anyway finds it paid and changes nothing: no second commit, e-mail or stock
    expect((await pay(body.paymentIntentId)).json().status).toBe('succeeded');
    expect(await holdsOf(body.orderId)).toEqual([{ state: 'committed', amountCents: 3599 }]);
    expect((await ledgerOf(card.id)).length).toBe(3);
    expect(await stockOf(t.db, balls.id)).toBe(4);
  });

  it('takes cards in the order given to the exact cent when together they cover the total', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 5 });
    const small = await issue(1000);
    const large = await issue(2000);
    // $20.00 + $5.99 = $25.99: $10.00 from the first card, $15.99 from the second
    const body = (await checkout(paddle.id, [small.code, large.code])).json();
    expect(body).toMatchObject({ amount: 0, giftCardCents: 2599, paid: true });
    expect([await balanceOf(small.id), await balanceOf(large.id)]).toEqual([0, 401]);
  });

  it('leaves a card payment of $0.50 when the cards fall short by less than that (Stripe refuses 1 to 49 cents)', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 5 });
    const card = await issue(2580);
    const body = (await checkout(paddle.id, [card.code])).json();
    expect(body).toMatchObject({ amount: 50, giftCardCents: 2549 });
    expect(body.paid).toBeUndefined();
    expect(typeof body.clientSecret).toBe('string');
    expect(await balanceOf(card.id)).toBe(31);
    expect((await pay(body.paymentIntentId)).json().status).toBe('succeeded');
    expect(await holdsOf(body.orderId)).toEqual([{ state: 'committed', amountCents: 2549 }]);
  });

  it('a repeated request for the paid cart is refused and spends nothing more', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 5 });
    const card = await issue(6000);
    const token = cartToken();
    const first = await checkout(paddle.id, [card.code], { cartToken: token });
    expect(first.json()).toMatchObject({ paid: true, giftCardCents: 2599 });
    const again = await checkout(paddle.id, [card.code], { cartToken: token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already gone through/);
    expect(await balanceOf(card.id)).toBe(3401);
    expect(await stockOf(t.db, paddle.id)).toBe(4);
    expect(await holdsOf(first.json().orderId)).toEqual([{ state: 'committed', amountCents: 2599 }]);
  });

  it('declined, then the price drops so the card covers everything: a page showing the old figure is asked to look again, then paid whole', async () => {
    const paddle = await addProduct(t.db, { price: '30.00', stock: 5 });
    const card = await issue(2000);
    const token = cartToken();
    // $35.99: the card pays $20.00, the card payment $15.99, which is declined
    const first = (await checkout(paddle.id, [card.code], { cartToken: token, amount: 1599 })).json();
    expect(first).toMatchObject({ amount: 1599, giftCardCents: 2000 });
    expect((await pay(first.paymentIntentId, '4000000000000002')).json().status).toBe('failed');
    expect(await balanceOf(card.id)).toBe(2000);

    // the owner lowers the price to $10.00: $15.99, all on the card; the page still shows $15.99 by card
    await t.db.update(productVariants).set({ price: '10.00' }).where(eq(productVariants.productId, paddle.id));
    const stale = await checkout(paddle.id, [card.code], { cartToken: token, amount: 1599 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The total is now $15.99, all of it paid by your gift cards. Please review your order and place it again.');
    expect(await balanceOf(card.id)).toBe(2000);
    expect(await stockOf(t.db, paddle.id)).toBe(5);

    const placed = (await checkout(paddle.id, [card.code], { cartToken: token, amount: 0 })).json();
    expect(placed).toMatchObject({ paid: true, amount: 0, giftCardCents: 1599 });
    expect(await balanceOf(card.id)).toBe(401);
    expect(await stockOf(t.db, paddle.id)).toBe(4);
    expect(await holdsOf(placed.orderId)).toEqual([{ state: 'committed', amountCents: 1599 }]);
  });

  it('20 whole-order checkouts at once spending one card that covers one order: one paid, the rest refused, nothing leaked', async () => {
    const paddle = await addProduct(t.db, { price: '30.00', stock: 100 });
    const card = await issue(3599);
    const results = await Promise.all(Array.from({ length: 20 }, () => checkout(paddle.id, [card.code], { cartToken: cartToken(), amount: 0 })));
    expect(results.some((res) => res.statusCode >= 500)).toBe(false);
    const paid = results.filter((res) => res.statusCode === 200);
    expect(paid.length).toBe(1);
    expect(paid[0]!.json()).toMatchObject({ paid: true, giftCardCents: 3599 });
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused.length).toBe(19);
    expect(refused.every((res) => res.json().message === `The gift card ending in ${card.code.slice(-4)} has no balance left`)).toBe(true);
    expect(await balanceOf(card.id)).toBe(0);
    const ledger = await ledgerOf(card.id);
    expect(ledger.every((entry) => entry.balanceCents >= 0)).toBe(true);
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(await stockOf(t.db, paddle.id)).toBe(99);
    const succeeded = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.paymentStatus, 'succeeded'), eq(orders.total, '35.99')));
    expect(succeeded.map((order) => order.id)).toContain(paid[0]!.json().orderId);
  });

  it('with Stripe configured, Stripe is not asked at all', async () => {
    const paddle = await addProduct(withStripe.db, { price: '20.00', stock: 5 });
    const card = await issue(10000, withStripe);
    const before = stripe.requests.length;
    const res = await checkout(paddle.id, [card.code], {}, withStripe);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paid: true, amount: 0, giftCardCents: 2599, provider: 'stripe', clientSecret: null });
    expect(stripe.requests.length).toBe(before);
    expect(await balanceOf(card.id, withStripe)).toBe(7401);
    const [order] = await withStripe.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, res.json().orderId));
    expect(order!.paymentStatus).toBe('succeeded');
  });
});

describe('a cart of gift cards alone', () => {
  let giftCardProductId: number;
  beforeAll(async () => {
    const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, GIFT_CARD_TYPE_SLUG));
    const [product] = await insertProducts(t.db, { name: 'Whole Order Gift Card', price: '25.00', stock: 1000, productTypeId: type!.id, sku: 'GIFT-WHOLE-25' });
    giftCardProductId = product!.id;
  });
  const giftCardLine = (recipientEmail: string) => ({
    productId: giftCardProductId,
    quantity: 1,
    giftCard: { recipientName: 'Robin Rally', recipientEmail, deliverOn: isoDay(0) },
  });
  const buy = (items: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => {
    const { shippingAddress: _none, ...body } = checkoutBody(items, extra);
    return t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body });
  };
  const mailsTo = (recipient: string) => t.db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.recipient, recipient));

  it('is bought without a shipping address: no shipping, no tax, the card payment the whole $25.00', async () => {
    const res = await buy([giftCardLine('robin.card@example.com')]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ subtotal: 2500, discount: 0, shipping: 0, tax: 0, total: 2500 });
    expect(body.amount).toBe(2500);
    const order = await orderOf(body.orderId);
    expect(order).toMatchObject({ street: null, city: null, state: null, zipCode: null, country: 'US', shippingMethodName: 'Delivered by e-mail' });
    expect((await pay(body.paymentIntentId)).json().status).toBe('succeeded');
    expect((await mailsTo('robin.card@example.com')).map((mail) => mail.kind)).toEqual(['gift-card']);
  });

  it('is paid whole by another gift card with only an e-mail and a name: the card it buys is e-mailed at once', async () => {
    const spend = await issue(3000);
    const res = await buy([giftCardLine('robin.whole@example.com')], { giftCardCodes: [spend.code], amount: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paid: true, amount: 0, giftCardCents: 2500 });
    expect(await balanceOf(spend.id)).toBe(500);
    expect((await mailsTo('robin.whole@example.com')).map((mail) => mail.kind)).toEqual(['gift-card']);
  });

  it('a cart with anything to ship is refused without an address, before anything is held', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 3 });
    const before = (await t.db.select({ id: orders.id }).from(orders)).length;
    for (const items of [[{ productId: paddle.id, quantity: 1 }], [{ productId: paddle.id, quantity: 1 }, giftCardLine('robin.mixed@example.com')]]) {
      const res = await buy(items);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please complete shipping address');
    }
    expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    expect(await stockOf(t.db, paddle.id)).toBe(3);
  });
});
