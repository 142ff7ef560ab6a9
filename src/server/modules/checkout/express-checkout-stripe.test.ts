import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '#server/db/schema.ts';
import { addProduct, configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { deliverStripeEvent, startFakeStripe, type FakeIntent, type FakeStripe } from '#server/test/fake-stripe.ts';
import { orderNumberOf } from '#server/test/order-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// Express checkout with Stripe, the real stripe-node client against the local fake of Stripe's API: what
// the Express Checkout Element's events ask of the shop (a quote per address, then the order), and the
// wallet's payment confirmed by Stripe's webhook.

const SECRET = 'whsec_express';
let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: SECRET });
  await configureShop(t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

// One id per intent and type, so a second delivery of the same event is Stripe's redelivery.
const deliver = (type: string, intent: FakeIntent) => deliverStripeEvent(t.app, SECRET, type, intent, `evt_express_${intent.id}_${type}`);

describe('express checkout with Stripe', () => {
  it('reprices on each address change, creates the payment for the approved total and is paid by the webhook', async () => {
    const product = await addProduct(t.db, { name: 'Wallet Paddle', price: '40.00', stock: 3 });
    const items = [{ productId: product.id, quantity: 1 }];

    const stripeCalls = stripe.requests.length;
    // click: the wallet opens with the shipping option and no tax yet
    const opened = (await post('/api/express-checkout/quote', { items })).json();
    expect(opened).toMatchObject({ totals: { total: 4599, tax: 0 }, taxIncluded: false, shippingOptions: [{ id: 'standard', amountCents: 599 }] });
    // shippingaddresschange: Oregon (no tax), then Texas (the shop's state)
    const oregon = (await post('/api/express-checkout/quote', { items, address: { city: 'Portland', state: 'OR', zip: '97201', country: 'US' } })).json();
    expect(oregon.totals.total).toBe(4599);
    const texas = (await post('/api/express-checkout/quote', { items, address: { city: 'Austin', state: 'TX', zip: '78701', country: 'US' } })).json();
    // 40.00 + 5.99 + 3.77 tax (8.20 % of both: Texas taxes shipping)
    expect(texas.totals).toEqual({ subtotal: 4000, discount: 0, shipping: 599, tax: 377, total: 4976 });
    // pricing is the shop's own: Stripe hears of the order only when the shopper confirms
    expect(stripe.requests.length).toBe(stripeCalls);

    // confirm: the wallet's contact and full address, and the total it showed
    const res = await post('/api/express-checkout/orders', {
      customerName: 'Jamie Rivera',
      customerEmail: 'jamie@example.com',
      phone: '+15125550100',
      shippingAddress: { street: '1 Congress Ave, Suite 200', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      items,
      shippingOptionId: 'standard',
      amount: texas.totals.total,
      cartToken: 'express-stripe-cart-01',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'stripe', amount: 4976 });
    const intent = stripe.intents.get(body.paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 4976, currency: 'usd', metadata: { orderId: String(body.orderId) }, receipt_email: 'jamie@example.com' });
    expect(body.clientSecret).toBe(intent.client_secret);
    expect(await stockOf(t.db, product.id)).toBe(2);

    // stripe.confirmPayment in the browser, then Stripe's webhook
    const webhook = await deliver('payment_intent.succeeded', stripe.succeed(body.paymentIntentId));
    expect(webhook.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({ paymentStatus: 'succeeded', status: 'processing', street: '1 Congress Ave, Suite 200', total: '49.76' });
    const number = await orderNumberOf(t.db, body.orderId);
    const mails = (await t.db.select().from(emailOutbox)).filter((mail) => mail.subject.includes(`#${number} `));
    expect(mails).toHaveLength(2);
    // a redelivered event changes nothing
    expect((await deliver('payment_intent.succeeded', stripe.intents.get(body.paymentIntentId)!)).statusCode).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(2);
  });

  it('creates no Stripe payment when the total changed since the wallet showed it', async () => {
    const product = await addProduct(t.db, { price: '40.00', stock: 3 });
    const before = stripe.intents.size;
    const res = await post('/api/express-checkout/orders', {
      customerName: 'Jamie Rivera',
      customerEmail: 'jamie@example.com',
      shippingAddress: { street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      items: [{ productId: product.id, quantity: 1 }],
      shippingOptionId: 'standard',
      // the Oregon total, without Texas' tax
      amount: 4599,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The total is now $49.76. Please review your order and pay again.');
    expect(stripe.intents.size).toBe(before);
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it('a wallet payment Stripe declines gives the stock back through the webhook', async () => {
    const product = await addProduct(t.db, { price: '40.00', stock: 3 });
    const res = await post('/api/express-checkout/orders', {
      customerName: 'Jamie Rivera',
      customerEmail: 'jamie@example.com',
      shippingAddress: { street: '1 Main St', city: 'Portland', state: 'OR', zip: '97201', country: 'US' },
      items: [{ productId: product.id, quantity: 2 }],
      shippingOptionId: 'standard',
      amount: 8000,
    });
    expect(res.statusCode).toBe(200);
    const { paymentIntentId, orderId } = res.json();
    expect(await stockOf(t.db, product.id)).toBe(1);
    expect((await deliver('payment_intent.payment_failed', stripe.decline(paymentIntentId))).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentStatus).toBe('failed');
    expect(await stockOf(t.db, product.id)).toBe(3);
  });
});
