import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { couponReservations, emailOutbox, orders, stockReservations } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { orderNumberOf } from '#server/test/order-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => configureShop(t.db));

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string, overrides: Record<string, unknown> = {}) => ({ number, expMonth: 12, expYear: nextYear, cvc: '123', ...overrides });

async function startCheckout(quantity = 2, extra: Record<string, unknown> = {}) {
  const product = await addProduct(t.db, { name: 'Sim Paddle', price: '30.00', stock: 5 });
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: product.id, quantity }], extra) });
  expect(res.statusCode).toBe(200);
  return { product, ...(res.json() as { paymentIntentId: string; orderId: number; amount: number }) };
}

const confirm = (paymentIntentId: string, cardDetails: object) =>
  t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload: { paymentIntentId, card: cardDetails } });

const emailsFor = async (orderId: number) => {
  const number = await orderNumberOf(t.db, orderId);
  return (await t.db.select().from(emailOutbox)).filter((mail) => mail.subject.includes(`#${number} `));
};

describe('POST /api/payments/simulated/confirm', () => {
  it('records the e-mails with the payment: when they cannot be recorded, none is, and the payment still stands', async () => {
    const { mail } = t.services;
    const send = mail.send;
    let calls = 0;
    // the confirmation is written, then the fulfilment notice fails: the confirmation must not stay alone
    mail.send = async (message, db) => {
      calls += 1;
      if (calls === 2) throw new Error('outbox unavailable');
      return send(message, db);
    };
    try {
      const { paymentIntentId, orderId } = await startCheckout(1);
      expect((await confirm(paymentIntentId, card('4242 4242 4242 4242'))).json().status).toBe('succeeded');
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.paymentStatus).toBe('succeeded');
      expect(calls).toBe(2);
      expect(await emailsFor(orderId)).toEqual([]);
    } finally {
      mail.send = send;
    }
  });

  it('4242 4242 4242 4242 pays the order once: paid, reservations committed, e-mails sent, only brand and last 4 kept', async () => {
    const { product, paymentIntentId, orderId } = await startCheckout();
    const res = await confirm(paymentIntentId, card('4242 4242 4242 4242'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'succeeded',
      redirectUrl: `/order-confirmation?payment_intent=${paymentIntentId}&redirect_status=succeeded`,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: 'succeeded', status: 'processing', cardBrand: 'visa', cardLast4: '4242' });
    expect(JSON.stringify(order)).not.toContain('4242424242424242');
    const held = await t.db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
    expect(held.map((row) => row.state)).toEqual(['committed']);
    expect(await stockOf(t.db, product.id)).toBe(3);

    const mails = await emailsFor(orderId);
    expect(mails.map((mail) => [mail.kind, mail.recipient]).sort()).toEqual([
      ['order-confirmation', 'pat@example.com'],
      ['order-fulfilment', 'orders@shop.example'],
    ]);

    // confirming again changes nothing and sends nothing more
    const again = await confirm(paymentIntentId, card('4242424242424242'));
    expect(again.json().status).toBe('succeeded');
    expect(await emailsFor(orderId)).toHaveLength(2);
    expect(await stockOf(t.db, product.id)).toBe(3);

    const status = await t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` });
    expect(status.json()).toEqual({ success: true, status: 'succeeded', orderId, paymentStatus: 'succeeded' });
  });

  it('a declined card closes the order and gives stock and coupon use back, once; the same payment cannot be retried', async () => {
    const coupon = await addCoupon(t.db, { code: 'BACKAGAIN', type: 'fixed', amount: '5', usageLimit: 3 });
    const { product, paymentIntentId, orderId } = await startCheckout(2, { couponCode: 'BACKAGAIN' });
    expect(await timesUsed(t.db, coupon.id)).toBe(1);
    const res = await confirm(paymentIntentId, card('4000000000000002'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
      redirectUrl: `/order-confirmation?payment_intent=${paymentIntentId}&redirect_status=failed`,
    });
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    const [failed] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(failed).toMatchObject({ paymentStatus: 'failed', status: 'cancelled' });
    expect(await emailsFor(orderId)).toHaveLength(0);
    const uses = await t.db.select().from(couponReservations).where(eq(couponReservations.orderId, orderId));
    expect(uses.map((use) => use.state)).toEqual(['released']);

    // another card on the same payment is refused: paying again is a new checkout, at today's prices
    for (const number of ['4000000000009995', '5555555555554444']) {
      const retry = await confirm(paymentIntentId, card(number));
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toBe('This payment was declined. Please check out again to pay with another card.');
    }
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    const status = await t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` });
    expect(status.json()).toMatchObject({ success: false, status: 'requires_payment_method', paymentStatus: 'failed' });
  });

  it('says why with insufficient funds', async () => {
    const { paymentIntentId } = await startCheckout(1);
    const res = await confirm(paymentIntentId, card('4000 0000 0000 9995'));
    expect(res.json()).toMatchObject({ status: 'failed', message: 'Your card has insufficient funds.' });
  });

  it('refuses to pay an order past its deadline, even before the expiry run has closed it, and gives its stock back', async () => {
    const { product, paymentIntentId, orderId } = await startCheckout(2);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    const late = await confirm(paymentIntentId, card('4242424242424242'));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment has expired. Please return to your cart and check out again.');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: 'expired', status: 'cancelled' });
    expect(await stockOf(t.db, product.id)).toBe(5);
  });

  it.each([
    ['a number failing the Luhn check', card('4242424242424241'), 'Your card number is incorrect.'],
    ['an expired card', card('4242424242424242', { expMonth: 1, expYear: 2020 }), 'Your card has expired.'],
    ['a two-digit expired year', card('4242424242424242', { expYear: 21 }), 'Your card has expired.'],
    ['letters in the number', card('4242abcd42424242'), 'Your card number is invalid.'],
    ['a bad month', card('4242424242424242', { expMonth: 13 }), "Your card's expiration month is invalid."],
    ['a hexadecimal month', card('4242424242424242', { expMonth: '0x0C' }), "Your card's expiration month is invalid."],
    ['an exponent year', card('4242424242424242', { expYear: '2e3' }), "Your card's expiration year is invalid."],
    ['a short cvc', card('4242424242424242', { cvc: '1' }), "Your card's security code is invalid."],
  ])('answers 400 for %s and leaves the order pending', async (_case, details, message) => {
    const { paymentIntentId, orderId } = await startCheckout(1);
    const res = await confirm(paymentIntentId, details);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentStatus).toBe('pending');
  });

  it('answers 404 for an unknown payment and 400 for a malformed body', async () => {
    const unknown = await confirm('pi_sim_doesnotexist', card('4242424242424242'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Payment not found');
    const empty = await t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});
