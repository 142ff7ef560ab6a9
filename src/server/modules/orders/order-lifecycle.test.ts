import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponReservations, emailOutbox, orderEvents, orders, stockReservations } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { LIFECYCLE } from './order-lifecycle.ts';
import { orderNumberOf } from '#server/test/order-fixtures.ts';

const nextYear = new Date().getUTCFullYear() + 1;

describe('the lifecycle table', () => {
  it('never leaves a closed order except to refund money that arrived late', () => {
    for (const [step, { from }] of Object.entries(LIFECYCLE)) {
      const fromClosed = from.payment.some((status) => ['failed', 'expired', 'cancelled', 'refunded'].includes(status));
      if (fromClosed) expect(step).toBe('refund_late_payment');
    }
  });
});

describe.each(['simulated', 'stripe'] as const)('the owner changes an order (%s)', (provider) => {
  let t: TestApp;
  let admin: SignedIn;
  let stripe: FakeStripe | null = null;
  beforeAll(async () => {
    if (provider === 'stripe') stripe = await startFakeStripe();
    t = await createTestApp(stripe ? { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: 'whsec_x' } : {});
    await configureShop(t.db);
    admin = await t.signIn({ admin: true });
  });
  afterAll(async () => {
    await t.close();
    await stripe?.close();
  });

  const setStatus = (orderId: number, status: string) => admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status } });
  const mails = async (orderId: number, kind: string) => {
    const number = await orderNumberOf(t.db, orderId);
    return (await t.db.select().from(emailOutbox)).filter((mail) => mail.kind === kind && mail.subject.includes(`#${number} `));
  };

  async function paidOrder(quantity: number, couponCode?: string) {
    const product = await addProduct(t.db, { name: 'Cancel Me Paddle', price: '120.00', stock: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ productId: product.id, quantity }], { couponCode }),
    });
    const { orderId, paymentIntentId } = res.json() as { orderId: number; paymentIntentId: string };
    if (stripe) {
      stripe.succeed(paymentIntentId);
      await t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` });
    } else {
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/confirm',
        payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
      });
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentStatus).toBe('succeeded');
    return { product, orderId, paymentIntentId };
  }

  it('refuses to ship, deliver or process an unpaid order, and to reopen a cancelled one', async () => {
    const product = await addProduct(t.db, { stock: 5 });
    const { orderId } = (
      await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: product.id, quantity: 1 }]) })
    ).json();
    for (const status of ['processing', 'shipped', 'delivered']) {
      const res = await setStatus(orderId, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `Order #${await orderNumberOf(t.db, orderId)} has not been paid yet, so it cannot be marked ${status}. It can only be cancelled.`,
      );
    }
    expect((await setStatus(orderId, 'cancelled')).json()).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(await stockOf(t.db, product.id)).toBe(5);
    const reopen = await setStatus(orderId, 'processing');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(`Order #${await orderNumberOf(t.db, orderId)} is cancelled and cannot be reopened.`);
  });

  it('cancelling a paid order refunds it, restocks it, returns the coupon use and tells the customer, once when pressed twice at once', async () => {
    const coupon = await addCoupon(t.db, { code: `BACK${provider.toUpperCase()}`, type: 'fixed', amount: '10', usageLimit: 5 });
    const { product, orderId, paymentIntentId } = await paidOrder(2, coupon.code);
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);

    const [first, second] = await Promise.all([setStatus(orderId, 'cancelled'), setStatus(orderId, 'cancelled')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect(await timesUsed(t.db, coupon.id)).toBe(0);
    expect(await mails(orderId, 'order-cancelled')).toHaveLength(1);
    const steps = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(steps.map((step) => [step.event, step.actor])).toEqual([
      ['pay', 'system'],
      ['cancel_paid', `admin:${admin.id}`],
    ]);
    const held = await t.db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
    expect(held.map((row) => row.state)).toEqual(['released']);
    const uses = await t.db.select().from(couponReservations).where(eq(couponReservations.orderId, orderId));
    expect(uses.map((row) => row.state)).toEqual(['released']);
    if (stripe) {
      const refunds = stripe.refunds.filter((refund) => refund.payment_intent === paymentIntentId);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amount).toBe(stripe.intents.get(paymentIntentId)!.amount);
    }
  });

  it('ships in one call: carrier, tracking page and status together, the customer told once per tracking number', async () => {
    const { orderId } = await paidOrder(1);
    const ship = (payload: object, id: number | string = orderId) => admin.inject({ method: 'POST', url: `/api/orders/${id}/ship`, payload });
    const shipped = await ship({ carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    await ship({ carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    expect(await mails(orderId, 'order-shipped')).toHaveLength(1);
    // a corrected number is news
    await ship({ carrier: 'other', trackingNumber: 'LOCAL-7', trackingUrl: 'https://courier.example/t/LOCAL-7' });
    expect(await mails(orderId, 'order-shipped')).toHaveLength(2);

    const unknownCarrier = await ship({ carrier: 'dhl', trackingNumber: 'X' });
    expect(unknownCarrier.statusCode).toBe(400);
    expect(unknownCarrier.json().message).toBe('Invalid shipment: carrier: Carrier must be one of usps, ups, fedex, other');
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/ship`, payload: { carrier: 'ups', trackingNumber: 'Y' } });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await t.signIn();
    const forbidden = await shopper.inject({ method: 'POST', url: `/api/orders/${orderId}/ship`, payload: { carrier: 'ups', trackingNumber: 'Y' } });
    expect([forbidden.statusCode, forbidden.json().message]).toEqual([403, 'Admin access required']);
    expect((await ship({ carrier: 'ups', trackingNumber: 'Z' }, 'abc')).statusCode).toBe(400);
    expect((await ship({ carrier: 'usps' })).json().message).toBe('Invalid shipment: trackingNumber: Tracking number is required');
    const product = await addProduct(t.db, { stock: 2 });
    const unpaid = (
      await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: product.id, quantity: 1 }]) })
    ).json();
    const refused = await admin.inject({ method: 'POST', url: `/api/orders/${unpaid.orderId}/ship`, payload: { carrier: 'usps', trackingNumber: '9400' } });
    expect(refused.statusCode).toBe(409);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, unpaid.orderId));
    expect(row).toMatchObject({ status: 'pending', trackingNumber: null });
  });

  it('refuses to cancel a shipped order', async () => {
    const { orderId, product } = await paidOrder(1);
    expect((await setStatus(orderId, 'shipped')).statusCode).toBe(200);
    const res = await setStatus(orderId, 'cancelled');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Order #${await orderNumberOf(t.db, orderId)} has shipped and can no longer be cancelled.`);
    expect(await stockOf(t.db, product.id)).toBe(4);
  });
});
