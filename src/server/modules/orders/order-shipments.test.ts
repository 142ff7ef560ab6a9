import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { PrintOrders } from '#common/schemas/shipments.ts';
import { contactInfo, emailOutbox, orderEvents, orderItems, orders } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Partial shipments, the Fulfil action, local pickup and the pick list (decision 050, issue 31).

let t: TestApp;
let admin: SignedIn;
let shopper: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  shopper = await t.signIn();
});
afterAll(() => t.close());

type Line = { productName: string; quantity: number; sku?: string; variantName?: string; refundedQuantity?: number };
async function placeOrder(email: string, lines: Line[], values: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await t.db
    .insert(orders)
    .values({ customerEmail: email, customerName: 'Fay', total: '100.00', paymentStatus: 'succeeded', status: 'processing', ...values })
    .returning();
  const items = await t.db
    .insert(orderItems)
    .values(lines.map((line) => ({ orderId: order!.id, price: '10.00', ...line })))
    .returning();
  return { order: order!, items };
}

const fulfil = (id: number, payload: object) => admin.inject({ method: 'POST', url: `/api/orders/${id}/shipments`, payload });
const deliver = (id: number, shipmentId: number) => admin.inject({ method: 'POST', url: `/api/orders/${id}/shipments/${shipmentId}/delivered` });
const mails = (recipient: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(emailOutbox.id);
const events = async (orderId: number) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((e) => [e.event, e.toStatus]);

describe('the Fulfil action', () => {
  it('ships one of two lines, then the rest: shipped with the last unit, each parcel e-mailed and on the pages', async () => {
    const { order, items } = await placeOrder(
      'split@example.com',
      [
        { productName: 'Pro Paddle', quantity: 1 },
        { productName: 'Outdoor Balls', quantity: 3 },
      ],
      { userId: shopper.id },
    );
    const first = await fulfil(order.id, { lines: [{ itemId: items[0]!.id, quantity: 1 }], carrier: 'usps', trackingNumber: '9400 1' });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json() as AdminOrderDetail;
    expect(afterFirst.order.status).toBe('processing');
    expect(afterFirst.fulfilment.shipments).toMatchObject([
      {
        carrier: 'usps',
        trackingNumber: '9400 1',
        trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201',
        status: 'shipped',
        lines: [{ itemId: items[0]!.id, quantity: 1 }],
      },
    ]);

    const second = await fulfil(order.id, { lines: [{ itemId: items[1]!.id, quantity: 3 }], carrier: 'ups', trackingNumber: '1Z999' });
    expect(second.statusCode, second.body).toBe(200);
    const afterSecond = second.json() as AdminOrderDetail;
    expect(afterSecond.order).toMatchObject({ status: 'shipped', carrier: 'ups', trackingNumber: '1Z999' });
    expect(afterSecond.fulfilment.shipments.map((s) => s.lines.map((l) => [l.productName, l.quantity]))).toEqual([[['Pro Paddle', 1]], [['Outdoor Balls', 3]]]);
    expect(await events(order.id)).toEqual([
      ['shipment', 'processing'],
      ['mark_shipped', 'shipped'],
    ]);
    expect(afterSecond.timeline.filter((entry) => entry.kind === 'event').map((entry) => entry.note)).toEqual([
      'Shipped 1 × Pro Paddle, tracking USPS 9400 1 (https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201)',
      'Shipped 3 × Outdoor Balls, tracking UPS 1Z999 (https://www.ups.com/track?tracknum=1Z999)',
    ]);

    const sent = await mails('split@example.com');
    expect(sent.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['order-shipment', `Part of order #${order.orderNumber} has shipped - Pickleball Shop`],
      ['order-shipment', `Order #${order.orderNumber} has shipped - Pickleball Shop`],
    ]);
    expect(sent[0]!.text).toContain('1 x Pro Paddle');
    expect(sent[0]!.text).not.toContain('Outdoor Balls');
    expect(sent[0]!.text).toContain('Track your package: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201');
    expect(sent[1]!.html).toContain('href="https://www.ups.com/track?tracknum=1Z999"');

    const page = (await shopper.inject({ url: `/api/orders/number/${order.orderNumber}` })).json() as CustomerOrderView;
    expect(page.shipments.map((s) => [s.trackingNumber, s.trackingUrl, s.lines.map((l) => l.productName)])).toEqual([
      ['9400 1', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201', ['Pro Paddle']],
      ['1Z999', 'https://www.ups.com/track?tracknum=1Z999', ['Outdoor Balls']],
    ]);
  });

  it('refuses more than is left of a line (409), and a line of another order (404), changing nothing', async () => {
    const { order, items } = await placeOrder('over@example.com', [{ productName: 'Net', quantity: 2, refundedQuantity: 1 }]);
    const other = await placeOrder('other@example.com', [{ productName: 'Bag', quantity: 1 }]);
    const over = await fulfil(order.id, { lines: [{ itemId: items[0]!.id, quantity: 2 }], carrier: 'fedex' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Only 1 of Net is left to ship on order #${order.orderNumber}, not 2. Reload to see it.`);
    expect((await fulfil(order.id, { lines: [{ itemId: other.items[0]!.id, quantity: 1 }], carrier: 'fedex' })).statusCode).toBe(404);
    expect((await fulfil(order.id, { lines: [], carrier: 'fedex' })).statusCode).toBe(400);
    expect((await fulfil(order.id, { lines: [{ itemId: items[0]!.id, quantity: 0 }], carrier: 'fedex' })).statusCode).toBe(400);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, items[0]!.id));
    expect(item!.shippedQuantity).toBe(0);
    expect(await mails('over@example.com')).toEqual([]);
    // the one unit left ships, and the refunded one is not waited for
    const rest = await fulfil(order.id, { lines: [{ itemId: items[0]!.id, quantity: 1 }], carrier: 'fedex' });
    expect((rest.json() as AdminOrderDetail).order.status).toBe('shipped');
  });

  it('ships the same units once when two fulfils race', async () => {
    const { order, items } = await placeOrder('race@example.com', [{ productName: 'Paddle', quantity: 2 }]);
    const body = { lines: [{ itemId: items[0]!.id, quantity: 2 }], carrier: 'usps', trackingNumber: 'RACE' };
    const results = await Promise.all([fulfil(order.id, body), fulfil(order.id, body), fulfil(order.id, body)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, items[0]!.id));
    expect(item!.shippedQuantity).toBe(2);
    expect((await mails('race@example.com')).length).toBe(1);
    expect(await events(order.id)).toEqual([['mark_shipped', 'shipped']]);
  });

  it('refuses unpaid and cancelled orders', async () => {
    const unpaid = await placeOrder('unpaid@example.com', [{ productName: 'Paddle', quantity: 1 }], { paymentStatus: 'pending', status: 'pending' });
    expect((await fulfil(unpaid.order.id, { lines: [{ itemId: unpaid.items[0]!.id, quantity: 1 }], carrier: 'usps' })).statusCode).toBe(409);
    const cancelled = await placeOrder('cancelled@example.com', [{ productName: 'Paddle', quantity: 1 }], { paymentStatus: 'refunded', status: 'cancelled' });
    expect((await fulfil(cancelled.order.id, { lines: [{ itemId: cancelled.items[0]!.id, quantity: 1 }], carrier: 'usps' })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${unpaid.order.id}/shipments`, payload: {} })).statusCode).toBe(401);
  });
});

describe('delivery per shipment', () => {
  it('delivers the order when its last parcel arrives, and not twice', async () => {
    const { order, items } = await placeOrder('deliver@example.com', [
      { productName: 'Paddle', quantity: 1 },
      { productName: 'Balls', quantity: 1 },
    ]);
    const first = (await fulfil(order.id, { lines: [{ itemId: items[0]!.id, quantity: 1 }], carrier: 'usps' })).json() as AdminOrderDetail;
    const early = await deliver(order.id, first.fulfilment.shipments[0]!.id);
    // one parcel arrived, the other has not left: the order is not delivered (it cannot skip shipped)
    expect((early.json() as AdminOrderDetail).order.status).toBe('processing');
    const second = (await fulfil(order.id, { lines: [{ itemId: items[1]!.id, quantity: 1 }], carrier: 'usps' })).json() as AdminOrderDetail;
    expect(second.order.status).toBe('shipped');
    const last = await deliver(order.id, second.fulfilment.shipments[1]!.id);
    expect((last.json() as AdminOrderDetail).order.status).toBe('delivered');
    expect((last.json() as AdminOrderDetail).fulfilment.shipments.map((s) => s.status)).toEqual(['delivered', 'delivered']);
    expect((await deliver(order.id, second.fulfilment.shipments[1]!.id)).statusCode).toBe(409);
    expect((await deliver(order.id, 999_999)).statusCode).toBe(404);
    expect((await events(order.id)).map(([event]) => event)).toEqual(['shipment', 'shipment_delivered', 'mark_shipped', 'mark_delivered']);
  });
});

describe('the list card and the selector', () => {
  it('ship everything left in one shipment with the tracking, and deliver it', async () => {
    const { order, items } = await placeOrder('card@example.com', [
      { productName: 'Paddle', quantity: 2 },
      { productName: 'Balls', quantity: 1 },
    ]);
    await fulfil(order.id, { lines: [{ itemId: items[0]!.id, quantity: 1 }], carrier: 'usps' });
    const shipped = await admin.inject({ method: 'POST', url: `/api/orders/${order.id}/ship`, payload: { carrier: 'fedex', trackingNumber: 'FX1' } });
    expect(shipped.json()).toMatchObject({ status: 'shipped', trackingNumber: 'FX1' });
    await admin.inject({ method: 'PATCH', url: `/api/orders/${order.id}/status`, payload: { status: 'delivered' } });
    const detail = (await admin.inject({ url: `/api/orders/${order.id}` })).json() as AdminOrderDetail;
    expect(detail.fulfilment.shipments.map((s) => [s.carrier, s.trackingNumber, s.status, s.lines.map((l) => [l.productName, l.quantity])])).toEqual([
      ['usps', null, 'delivered', [['Paddle', 1]]],
      [
        'fedex',
        'FX1',
        'delivered',
        [
          ['Paddle', 1],
          ['Balls', 1],
        ],
      ],
    ]);
  });
});

describe('local pickup', () => {
  it('is made ready (the shop address and hours e-mailed), then picked up, instead of shipped with a carrier', async () => {
    await t.db.update(contactInfo).set({ address: '500 Court St, Austin, TX 78701', businessHours: 'Mon-Sat 9am-6pm' });
    const { order, items } = await placeOrder('pickup@example.com', [{ productName: 'Paddle', quantity: 1 }], {
      shippingMethodKind: 'pickup',
      shippingMethodName: 'Local pickup',
    });
    const refused = await fulfil(order.id, { lines: [{ itemId: items[0]!.id, quantity: 1 }], carrier: 'usps' });
    expect(refused.statusCode).toBe(409);
    const ready = await admin.inject({ method: 'POST', url: `/api/orders/${order.id}/shipments/pickup` });
    expect(ready.statusCode, ready.body).toBe(200);
    const detail = ready.json() as AdminOrderDetail;
    expect(detail.order.status).toBe('shipped');
    expect(detail.fulfilment).toMatchObject({ pickup: true, shipments: [{ method: 'pickup', carrier: null, status: 'shipped' }] });
    const [mail] = await mails('pickup@example.com');
    expect(mail).toMatchObject({ kind: 'order-ready-for-pickup', subject: `Order #${order.orderNumber} is ready for pickup - Pickleball Shop` });
    expect(mail!.text).toContain('Address: 500 Court St, Austin, TX 78701');
    expect(mail!.text).toContain('Hours: Mon-Sat 9am-6pm');
    expect((await admin.inject({ method: 'POST', url: `/api/orders/${order.id}/shipments/pickup` })).statusCode).toBe(409);
    const picked = await deliver(order.id, detail.fulfilment.shipments[0]!.id);
    expect((picked.json() as AdminOrderDetail).order.status).toBe('delivered');
    expect((await events(order.id)).map(([event]) => event)).toEqual(['mark_shipped', 'mark_delivered']);
    // picked up, it still has no carrier or tracking to add (issue 34)
    for (const [method, url, payload] of [
      ['PATCH', 'tracking', { trackingNumber: '9400 1' }],
      ['POST', 'ship', { carrier: 'usps', trackingNumber: '9400 1' }],
    ] as const) {
      const tracked = await admin.inject({ method, url: `/api/orders/${order.id}/${url}`, payload });
      expect(tracked.statusCode, tracked.body).toBe(409);
      expect(tracked.json()).toMatchObject({ message: `Order #${order.orderNumber} is collected at the shop: it has no carrier or tracking.` });
    }
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ trackingNumber: null, carrier: null });
  });

  it('marked shipped by the status selector, is ready for pickup: its parcel is a pickup, not a carrier', async () => {
    const { order } = await placeOrder('pickup-selector@example.com', [{ productName: 'Paddle', quantity: 1 }], { shippingMethodKind: 'pickup' });
    const shipped = await admin.inject({ method: 'PATCH', url: `/api/orders/${order.id}/status`, payload: { status: 'shipped' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const detail = (await admin.inject({ url: `/api/orders/${order.id}` })).json() as AdminOrderDetail;
    expect(detail.fulfilment.shipments).toMatchObject([{ method: 'pickup', carrier: null, trackingNumber: null }]);
  });

  it('is refused for an order that ships', async () => {
    const { order } = await placeOrder('notpickup@example.com', [{ productName: 'Paddle', quantity: 1 }]);
    expect((await admin.inject({ method: 'POST', url: `/api/orders/${order.id}/shipments/pickup` })).statusCode).toBe(409);
  });
});

describe('the pick list and packing slips', () => {
  it('sum the units left to ship per SKU across the chosen orders, sorted by product', async () => {
    const a = await placeOrder('pick-a@example.com', [
      { productName: 'Zebra Paddle', quantity: 1, sku: 'ZP-16', variantName: '16 mm' },
      { productName: 'Ace Balls', quantity: 3, sku: 'AB-6' },
    ]);
    const b = await placeOrder('pick-b@example.com', [
      { productName: 'Ace Balls', quantity: 2, sku: 'AB-6', refundedQuantity: 1 },
      { productName: 'Zebra Paddle', quantity: 2, sku: 'ZP-13', variantName: '13 mm' },
    ]);
    await fulfil(a.order.id, { lines: [{ itemId: a.items[1]!.id, quantity: 1 }], carrier: 'usps' });
    const res = await admin.inject({ url: `/api/admin/orders/print?ids=${b.order.id},${a.order.id},999999` });
    expect(res.statusCode, res.body).toBe(200);
    const print = res.json() as PrintOrders;
    expect(print.pickList.map((row) => [row.productName, row.variantName, row.sku, row.quantity, row.orders])).toEqual([
      ['Ace Balls', null, 'AB-6', 3, 2],
      ['Zebra Paddle', '13 mm', 'ZP-13', 2, 1],
      ['Zebra Paddle', '16 mm', 'ZP-16', 1, 1],
    ]);
    expect(print.slips.map((slip) => [slip.orderNumber, slip.lines.map((line) => line.quantity)])).toEqual([
      [b.order.orderNumber, [1, 2]],
      [a.order.orderNumber, [1, 2]],
    ]);
    expect((await admin.inject({ url: '/api/admin/orders/print?ids=abc' })).statusCode).toBe(400);
    expect((await shopper.inject({ url: `/api/admin/orders/print?ids=${a.order.id}` })).statusCode).toBe(403);
  });
});
