import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayMoveFulfilment, nextOrderStatuses } from '#common/order-fulfilment.ts';
import { ORDER_STATUSES, type OrderView } from '#common/schemas/orders.ts';
import { emailOutbox, orderEvents, orderItems, orders, paymentStatuses } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { LIFECYCLE } from './order-lifecycle.ts';

// Fulfilment from the order page (issue 31): tracking on a processing order ships it, delivered only
// after shipped, and checkouts nobody paid kept out of the orders list and refused anything to ship.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

async function placeOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await t.db
    .insert(orders)
    .values({
      customerEmail: 'fay@example.com',
      customerName: 'Fay',
      total: '35.98',
      subtotal: '29.99',
      shippingTotal: '5.99',
      paymentStatus: 'succeeded',
      status: 'processing',
      ...values,
    })
    .returning();
  await t.db.insert(orderItems).values({ orderId: order!.id, productName: 'Pro Paddle', quantity: 1, price: '29.99' });
  return order!;
}
const patch = (id: number, what: string, payload: object) => admin.inject({ method: 'PATCH', url: `/api/orders/${id}/${what}`, payload });
const ship = (id: number, payload: object) => admin.inject({ method: 'POST', url: `/api/orders/${id}/ship`, payload });
const mailsTo = async (recipient: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient))).map((m) => m.kind);
const steps = async (orderId: number) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((e) => [e.event, e.toStatus, e.note]);

describe('the selector and the lifecycle agree', () => {
  it('offers exactly the moves the server takes', () => {
    const paid = (from: (typeof ORDER_STATUSES)[number], to: string) =>
      (LIFECYCLE[`mark_${to}` as 'mark_shipped'].from.status as readonly string[]).includes(from);
    for (const from of ORDER_STATUSES) {
      for (const to of ['pending', 'processing', 'shipped', 'delivered'] as const) {
        if (from !== to) expect(mayMoveFulfilment(from, to), `${from} -> ${to}`).toBe(paid(from, to));
      }
    }
    expect(nextOrderStatuses({ status: 'processing', paymentStatus: 'succeeded' })).toEqual(['processing', 'pending', 'shipped', 'cancelled']);
    expect(nextOrderStatuses({ status: 'shipped', paymentStatus: 'partially_refunded' })).toEqual(['shipped', 'pending', 'processing', 'delivered']);
    expect(nextOrderStatuses({ status: 'pending', paymentStatus: 'pending' })).toEqual(['pending', 'cancelled']);
    for (const paymentStatus of paymentStatuses) expect(nextOrderStatuses({ status: 'cancelled', paymentStatus })).toEqual(['cancelled']);
  });
});

describe('saving a tracking number', () => {
  it('ships a processing order: the step on the timeline, one e-mail however often it is saved', async () => {
    const order = await placeOrder({ customerEmail: 'track1@example.com' });
    const body = { trackingNumber: ' 9400111899223197428490 ', trackingUrl: 'https://tools.usps.com/t/9400111899223197428490' };
    const [first, second] = [await patch(order.id, 'tracking', body), await patch(order.id, 'tracking', body)];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toMatchObject({ status: 'shipped', trackingNumber: '9400111899223197428490' });
    expect(await mailsTo('track1@example.com')).toEqual(['order-shipped']);
    expect(await steps(order.id)).toEqual([['mark_shipped', 'shipped', 'Tracking 9400111899223197428490 (https://tools.usps.com/t/9400111899223197428490)']]);
    const detail = (await admin.inject({ url: `/api/orders/${order.id}` })).json() as { timeline: { event: string }[] };
    expect(detail.timeline.map((entry) => entry.event)).toEqual(['mark_shipped', 'order-shipped']);
  });

  it('ships once when saved twice at the same moment', async () => {
    const order = await placeOrder({ customerEmail: 'track2@example.com' });
    const results = await Promise.all([patch(order.id, 'tracking', { trackingNumber: 'TW-1' }), patch(order.id, 'tracking', { trackingNumber: 'TW-1' })]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await mailsTo('track2@example.com')).toEqual(['order-shipped']);
    expect((await steps(order.id)).map(([event]) => event)).toEqual(['mark_shipped']);
  });

  it('records a changed number on a shipped order and tells the customer the new one', async () => {
    const order = await placeOrder({ customerEmail: 'track3@example.com' });
    expect((await ship(order.id, { carrier: 'ups', trackingNumber: '1Z999AA10123456784' })).json()).toMatchObject({ status: 'shipped', carrier: 'ups' });
    expect((await patch(order.id, 'tracking', { trackingNumber: '1Z999AA10123456785' })).statusCode).toBe(200);
    expect(await mailsTo('track3@example.com')).toEqual(['order-shipped', 'order-shipped']);
    expect(await steps(order.id)).toEqual([
      ['mark_shipped', 'shipped', 'Tracking UPS 1Z999AA10123456784 (https://www.ups.com/track?tracknum=1Z999AA10123456784)'],
      ['tracking_updated', 'shipped', 'Tracking 1Z999AA10123456785'],
    ]);
  });

  it('refuses a checkout nobody paid and a cancelled order with 409, changing nothing', async () => {
    const open = await placeOrder({ paymentStatus: 'pending', status: 'pending' });
    const declined = await placeOrder({ paymentStatus: 'failed', status: 'cancelled' });
    const cancelled = await placeOrder({ paymentStatus: 'refunded', status: 'cancelled' });
    const cases = [
      [open, `Order #${open.orderNumber} has not been paid yet, so it cannot be shipped.`],
      [declined, `Order #${declined.orderNumber} is a checkout that was never paid, so it has nothing to ship.`],
      [cancelled, `Order #${cancelled.orderNumber} is cancelled, so it has nothing to ship.`],
    ] as const;
    for (const [order, message] of cases) {
      for (const res of [await patch(order.id, 'tracking', { trackingNumber: 'NOPE' }), await ship(order.id, { carrier: 'usps', trackingNumber: 'NOPE' })]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(message);
      }
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ trackingNumber: null, status: order.status });
    }
  });
});

describe('the status cannot skip shipped', () => {
  it.each(['processing', 'pending'] as const)('refuses %s -> delivered with 409, and delivers after shipping', async (from) => {
    const order = await placeOrder({ status: from });
    const res = await patch(order.id, 'status', { status: 'delivered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Order #${order.orderNumber} has not shipped yet, so it cannot be marked delivered. Mark it shipped first.`);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: from, deliveredAt: null });
    expect((await patch(order.id, 'status', { status: 'shipped' })).statusCode).toBe(200);
    expect((await patch(order.id, 'status', { status: 'delivered' })).json()).toMatchObject({ status: 'delivered' });
    expect((await steps(order.id)).map(([event]) => event)).toEqual(['mark_shipped', 'mark_delivered']);
  });
});

describe('unpaid checkouts in the lists', () => {
  it('keeps them out of kind=orders, shows them under kind=unpaid, and lists both without kind (the original API)', async () => {
    await t.db.delete(orders);
    const paid = await placeOrder();
    const cancelledPaid = await placeOrder({ paymentStatus: 'refunded', status: 'cancelled' });
    const open = await placeOrder({ paymentStatus: 'pending', status: 'pending' });
    const declined = await placeOrder({ paymentStatus: 'failed', status: 'cancelled' });
    const expired = await placeOrder({ paymentStatus: 'expired', status: 'cancelled' });
    const released = await placeOrder({ paymentStatus: 'cancelled', status: 'cancelled' });
    const latePaid = await placeOrder({ paymentStatus: 'refunded', status: 'cancelled' });
    await t.db.insert(orderEvents).values({
      orderId: latePaid.id,
      event: 'refund_late_payment',
      fromStatus: 'cancelled',
      toStatus: 'cancelled',
      fromPaymentStatus: 'expired',
      toPaymentStatus: 'refunded',
      actor: 'system',
    });
    const ids = async (url: string) => {
      const res = await admin.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      return { ids: (res.json() as OrderView[]).map((o) => o.id).sort((a, b) => a - b), total: res.headers['x-total-count'] };
    };
    expect(await ids('/api/orders/active?kind=orders')).toEqual({ ids: [paid.id, cancelledPaid.id], total: '2' });
    expect(await ids('/api/orders/active?kind=unpaid')).toEqual({ ids: [open.id, declined.id, expired.id, released.id, latePaid.id], total: '5' });
    expect((await ids('/api/orders/active')).total).toBe('7');
    expect(await ids('/api/orders/active?kind=unpaid&status=pending')).toEqual({ ids: [open.id], total: '1' });
    await t.db
      .update(orders)
      .set({ isArchived: true })
      .where(and(eq(orders.id, declined.id)));
    expect(await ids('/api/orders/archived?kind=unpaid')).toEqual({ ids: [declined.id], total: '1' });
    expect(await ids('/api/orders/archived?kind=orders')).toEqual({ ids: [], total: '0' });
  });

  it('refuses any other kind with 400', async () => {
    const res = await admin.inject({ url: '/api/orders/active?kind=declined' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'kind', message: 'kind must be orders or unpaid' }]);
  });
});
