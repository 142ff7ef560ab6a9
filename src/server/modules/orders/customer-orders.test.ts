import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LINK_EXPIRED, ORDER_LINK_INVALID, ORDER_LOOKUP_FAILED, ORDER_NUMBER_PATTERN, TOO_MANY_LOOKUPS } from '#common/schemas/customer-orders.ts';
import { emailOutbox, orderEvents, orders } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { newOrderNumber } from './order-number.ts';
import { LOOKUPS_PER_ORDER_NUMBER } from './customer-order-routes.ts';

const nextYear = new Date().getUTCFullYear() + 1;
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  // a low per-address limit, so brute force meets it
  t = await createTestApp({ AUTH_RATE_LIMIT: '60' });
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
});
afterAll(async () => {
  await t.close();
});

async function paidOrder(options: { shopper?: SignedIn; email?: string; couponCode?: string; quantity?: number } = {}) {
  const product = await addProduct(t.db, { name: 'Order Page Paddle', price: '120.00', stock: 5 });
  const inject = options.shopper ? options.shopper.inject : t.app.inject.bind(t.app);
  const res = await inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: checkoutBody([{ productId: product.id, quantity: options.quantity ?? 1 }], {
      couponCode: options.couponCode,
      customerEmail: options.email ?? 'pat@example.com',
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId, paymentIntentId } = res.json() as { orderId: number; paymentIntentId: string };
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { product, order: order! };
}

const open = (orderNumber: string, key?: string, as?: SignedIn) => {
  const url = `/api/orders/number/${orderNumber}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;
  return as ? as.inject({ url }) : t.app.inject({ url });
};
const lookup = (orderNumber: string, email: string) => t.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: { orderNumber, email } });
const keyOf = (link: string) => new URL(link, 'http://shop.test').searchParams.get('key')!;
const mailsTo = async (recipient: string, kind: string) =>
  (await t.db.select().from(emailOutbox)).filter((mail) => mail.kind === kind && mail.recipient.toLowerCase() === recipient.toLowerCase());

describe('order numbers', () => {
  it('are PB- and six characters without look-alikes, and the id never reaches the customer', async () => {
    for (let i = 0; i < 200; i += 1) expect(newOrderNumber()).toMatch(ORDER_NUMBER_PATTERN);
    const { order } = await paidOrder({ email: 'numbers@example.com' });
    expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    const [confirmation] = await mailsTo('numbers@example.com', 'order-confirmation');
    expect(confirmation!.subject).toBe(`Order #${order.orderNumber} confirmed - Pickleball Shop`);
    expect(confirmation!.text).not.toContain(`#${order.id}`);
    // every order e-mail links to the order page with a signed key
    const link = /View your order: (\S+)/.exec(confirmation!.text)![1]!;
    expect(link).toMatch(new RegExp(`/orders/${order.orderNumber}\\?key=`));
    expect((await open(order.orderNumber, keyOf(link))).statusCode).toBe(200);
    expect(confirmation!.html).toContain('View your order');
  });
});

describe('the customer order page', () => {
  it('opens for its signed-in owner from the profile list: lines, totals, address, card, tracking, history without internals', async () => {
    const shopper = await t.signIn();
    const { order } = await paidOrder({ shopper });
    const mine = (await shopper.inject({ url: '/api/orders/my-orders' })).json() as Array<{ orderNumber: string }>;
    expect(mine.map((row) => row.orderNumber)).toEqual([order.orderNumber]);

    await admin.inject({ method: 'POST', url: `/api/orders/${order.id}/ship`, payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' } });
    const res = await open(order.orderNumber, undefined, shopper);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'shipped',
      total: order.total,
      street: '1 Congress Ave',
      payment: { cardBrand: 'visa', cardLast4: '4242' },
      shipping: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      actions: { cancel: false },
    });
    expect(view.items).toEqual([expect.objectContaining({ productName: 'Order Page Paddle', quantity: 1, price: '120.00' })]);
    expect(view.timeline.map((entry: { event: string }) => entry.event)).toEqual(['placed', 'paid', 'shipped']);
    // no id, payment id, actor or note
    expect(JSON.stringify(view)).not.toMatch(/"id":\s*\d+,\s*"orderNumber"|stripePaymentIntentId|admin:|actor|note/);
  });

  it("answers 404 for another customer's order and for a number nobody has, 401 to a visitor without a link", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const { order } = await paidOrder({ shopper: owner });
    const theirs = await open(order.orderNumber, undefined, other);
    const nobody = await open('PB-2222ZZ', undefined, other);
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, 'Order not found']);
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, 'Order not found']);
    expect((await open(order.orderNumber)).statusCode).toBe(401);
    expect((await open('12')).statusCode).toBe(400);
    expect((await open(String(order.id))).statusCode).toBe(400);
  });

  it('refuses tampered and expired links with their own 4xx, whether or not the order exists', async () => {
    const { order } = await paidOrder();
    const { key } = t.services.orderLinks.sign(order.orderNumber);
    expect((await open(order.orderNumber, key)).statusCode).toBe(200);
    const [expiry, signature] = key.split('.') as [string, string];
    const tampered = [
      `${Number(expiry) + 86_400}.${signature}`,
      `${expiry}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${expiry}.${'x'.repeat(signature.length)}`,
    ];
    for (const bad of tampered) {
      const res = await open(order.orderNumber, bad);
      expect([res.statusCode, res.json().message]).toEqual([403, ORDER_LINK_INVALID]);
    }
    // another order's key does not open this one
    const elsewhere = t.services.orderLinks.sign('PB-2222ZZ').key;
    expect((await open(order.orderNumber, elsewhere)).statusCode).toBe(403);
    expect((await open('PB-2222ZZ', key)).statusCode).toBe(403);
    expect((await open(order.orderNumber, 'not-a-key')).statusCode).toBe(400);

    const old = t.services.orderLinks.sign(order.orderNumber, new Date(Date.now() - 31 * 24 * 3600_000)).key;
    const expired = await open(order.orderNumber, old);
    expect([expired.statusCode, expired.json().message]).toEqual([410, ORDER_LINK_EXPIRED]);
  });
});

describe('guest lookup', () => {
  it('finds an order by number and e-mail (any case, typed loosely), shows and e-mails a signed link', async () => {
    const { order } = await paidOrder({ email: 'Guest.Finder@example.com' });
    const res = await lookup(order.orderNumber.toLowerCase().replace('-', ' '), 'guest.finder@EXAMPLE.com');
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json();
    expect(found.orderNumber).toBe(order.orderNumber);
    expect(found.link).toMatch(new RegExp(`^/orders/${order.orderNumber}\\?key=`));
    expect(new Date(found.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const page = await open(order.orderNumber, keyOf(found.link));
    expect(page.json()).toMatchObject({ orderNumber: order.orderNumber, actions: { cancel: true } });

    await t.app.inject({ url: '/api/health' });
    await expect.poll(async () => (await mailsTo('Guest.Finder@example.com', 'order-link')).length).toBe(1);
    const [mail] = await mailsTo('Guest.Finder@example.com', 'order-link');
    expect(mail!.subject).toBe(`Your order #${order.orderNumber} - Pickleball Shop`);
    expect(mail!.text).toContain(`/orders/${order.orderNumber}?key=`);
  });

  it('gives a wrong e-mail and a missing order the same answer, in similar time, and e-mails nobody', async () => {
    const { order } = await paidOrder({ email: 'owner.only@example.com' });
    const wrong = await lookup(order.orderNumber, 'someone.else@example.com');
    const missing = await lookup('PB-3333ZZ', 'owner.only@example.com');
    expect([wrong.statusCode, wrong.body]).toEqual([missing.statusCode, missing.body]);
    expect(wrong.json().message).toBe(ORDER_LOOKUP_FAILED);
    expect(wrong.statusCode).toBe(404);
    expect(await mailsTo('someone.else@example.com', 'order-link')).toEqual([]);

    const timed = async (number: string, email: string) => {
      const start = performance.now();
      await lookup(number, email);
      return performance.now() - start;
    };
    // interleaved, and compared by their medians: a busy machine slows single requests, not one path
    const wrongTimes: number[] = [];
    const missingTimes: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      wrongTimes.push(await timed(order.orderNumber, `w${i}@example.com`));
      missingTimes.push(await timed(`PB-4444${'ABCDEFGHJ'[i]}Z`, `w${i}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // the same statements on both paths: no gap a guesser could measure over the network
    expect(Math.abs(median(wrongTimes) - median(missingTimes))).toBeLessThan(20);

    const malformed = await lookup('12', 'owner.only@example.com');
    expect(malformed.statusCode).toBe(400);
    expect((await lookup('', 'a@b.c')).json().message).toBe('Order number is required');
  });

  it('stops guessing: per order number after a few tries from anywhere, and per client address', async () => {
    const { order } = await paidOrder({ email: 'guarded@example.com' });
    for (let i = 0; i < LOOKUPS_PER_ORDER_NUMBER - 1; i += 1) expect((await lookup(order.orderNumber, `guess${i}@example.com`)).statusCode).toBe(404);
    expect((await lookup(order.orderNumber, 'guarded@example.com')).statusCode).toBe(200);
    const blocked = await lookup(order.orderNumber, 'guarded@example.com');
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, TOO_MANY_LOOKUPS]);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    let status = 0;
    for (let i = 0; i < 80 && status !== 429; i += 1)
      status = (await lookup(`PB-5555${'ABCDEFGHJK'[i % 10]}${'ABCDEFGH'[Math.floor(i / 10)]}`, 'x@example.com')).statusCode;
    expect(status).toBe(429);
  });
});

describe('the customer cancels', () => {
  it('an unshipped paid order: refunded, stock and coupon use back, both told, exactly once however often pressed', async () => {
    const shopper = await t.signIn();
    const coupon = await addCoupon(t.db, { code: 'COMEBACK', type: 'fixed', amount: '10', usageLimit: 5 });
    const { order, product } = await paidOrder({ shopper, couponCode: coupon.code, quantity: 2, email: 'canceller@example.com' });
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);

    const cancel = () => shopper.inject({ method: 'POST', url: `/api/orders/number/${order.orderNumber}/cancel`, payload: {} });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', actions: { cancel: false } });
    expect((await cancel()).statusCode).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    expect(await mailsTo('canceller@example.com', 'order-cancelled')).toHaveLength(1);
    const notices = await mailsTo('orders@shop.example', 'order-cancelled-notice');
    expect(notices.filter((mail) => mail.subject.includes(order.orderNumber))).toHaveLength(1);
    const steps = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(steps.map((step) => [step.event, step.actor])).toEqual([
      ['pay', 'system'],
      ['cancel_paid', 'customer'],
    ]);
    const view = (await open(order.orderNumber, undefined, shopper)).json();
    expect(view.timeline.map((entry: { event: string }) => entry.event)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
  });

  it('as a guest through the signed link; never a shipped order, another customer, or with a bad link', async () => {
    const { order, product } = await paidOrder();
    const { key } = t.services.orderLinks.sign(order.orderNumber);
    const stranger = await t.signIn();
    const byStranger = await stranger.inject({ method: 'POST', url: `/api/orders/number/${order.orderNumber}/cancel`, payload: {} });
    expect(byStranger.statusCode).toBe(404);
    const tampered = await t.app.inject({ method: 'POST', url: `/api/orders/number/${order.orderNumber}/cancel`, payload: { key: `${key}x` } });
    expect(tampered.statusCode).toBe(403);
    expect(await stockOf(t.db, product.id)).toBe(4);
    const guest = await t.app.inject({ method: 'POST', url: `/api/orders/number/${order.orderNumber}/cancel`, payload: { key } });
    expect(guest.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await stockOf(t.db, product.id)).toBe(5);

    const shipped = await paidOrder();
    await admin.inject({ method: 'POST', url: `/api/orders/${shipped.order.id}/ship`, payload: { carrier: 'usps', trackingNumber: '9400' } });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/orders/number/${shipped.order.orderNumber}/cancel`,
      payload: { key: t.services.orderLinks.sign(shipped.order.orderNumber).key },
    });
    expect([late.statusCode, late.json().message]).toEqual([409, `Order #${shipped.order.orderNumber} has shipped and can no longer be cancelled.`]);
    expect(await stockOf(t.db, shipped.product.id)).toBe(4);
  });
});
