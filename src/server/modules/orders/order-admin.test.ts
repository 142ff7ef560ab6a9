import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderView } from '#common/schemas/orders.ts';
import { emailOutbox, orderItems, orders } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { orderNumberOf } from '#server/test/order-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

/** A paid order, as checkout leaves it; unpaid ones are covered by order-lifecycle.test.ts. */
async function placeOrder(values: Partial<typeof orders.$inferInsert> = {}, createdAt = new Date()) {
  const [order] = await t.db
    .insert(orders)
    .values({
      customerEmail: 'cara@example.com',
      customerName: 'Cara',
      total: '45.98',
      subtotal: '39.99',
      shippingTotal: '5.99',
      paymentStatus: 'succeeded',
      status: 'processing',
      createdAt,
      ...values,
    })
    .returning();
  await t.db.insert(orderItems).values([
    { orderId: order!.id, productName: 'Pro Paddle', quantity: 1, price: '29.99' },
    { orderId: order!.id, productName: 'Balls 3-pack', quantity: 2, price: '5.00' },
  ]);
  return order!;
}
const patch = (id: number, what: string, payload: object) => admin.inject({ method: 'PATCH', url: `/api/orders/${id}/${what}`, payload });
const outbox = () => t.db.select().from(emailOutbox).orderBy(emailOutbox.id);

describe('order admin guards', () => {
  it('refuses anonymous (401) and regular users (403) on every order route, changing nothing', async () => {
    const order = await placeOrder();
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/orders/active' },
        { method: 'GET', url: '/api/orders/archived' },
        { method: 'PATCH', url: `/api/orders/${order.id}/status`, payload: { status: 'shipped' } },
        { method: 'PATCH', url: `/api/orders/${order.id}/tracking`, payload: { trackingNumber: '1Z' } },
        { method: 'PATCH', url: `/api/orders/${order.id}/archive`, payload: { isArchived: true } },
      ],
      async () => [await t.db.select().from(orders).orderBy(orders.id), await outbox()],
    );
  });
});

describe('GET /api/orders/active and /archived', () => {
  it('lists each side newest first with items', async () => {
    await t.db.delete(orders);
    const older = await placeOrder({}, new Date('2026-01-01T00:00:00Z'));
    const newer = await placeOrder({}, new Date('2026-02-01T00:00:00Z'));
    const archived = await placeOrder({ isArchived: true });
    const res = await admin.inject({ url: '/api/orders/active' });
    expect(res.headers['cache-control']).toBe('no-store');
    const active = res.json() as OrderView[];
    expect(active.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(OrderView.parse(active[0])).toMatchObject({
      total: '45.98',
      items: [
        { productName: 'Pro Paddle', quantity: 1, price: '29.99' },
        { productName: 'Balls 3-pack', quantity: 2, price: '5.00' },
      ],
    });
    const done = (await admin.inject({ url: '/api/orders/archived' })).json() as OrderView[];
    expect(done.map((o) => o.id)).toEqual([archived.id]);
  });
});

describe('PATCH /api/orders/:id/status', () => {
  it.each([
    ['processing', 'pending'],
    ['pending', 'processing'],
    ['processing', 'shipped'],
    ['shipped', 'delivered'],
    ['processing', 'cancelled'],
  ] as const)('sets %s -> %s', async (from, status) => {
    const order = await placeOrder({ status: from });
    const res = await patch(order.id, 'status', { status });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status });
  });

  it('refuses anything else with 400 and 404 for a missing order', async () => {
    const order = await placeOrder();
    const res = await patch(order.id, 'status', { status: 'canceled' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'status', message: 'Status must be one of pending, processing, shipped, delivered, cancelled' }]);
    expect((await patch(999_999, 'status', { status: 'shipped' })).statusCode).toBe(404);
  });
});

describe('PATCH /api/orders/:id/tracking', () => {
  it('trims, omits an empty URL and stamps trackingAddedAt', async () => {
    const order = await placeOrder();
    const res = await patch(order.id, 'tracking', { trackingNumber: '  1Z999AA10123456784 ', trackingUrl: '   ' });
    expect(res.statusCode).toBe(200);
    const view = OrderView.parse(res.json());
    expect(view).toMatchObject({ trackingNumber: '1Z999AA10123456784', trackingUrl: null });
    expect(Date.now() - Date.parse(view.trackingAddedAt!)).toBeLessThan(60_000);
  });

  it.each([
    [{ trackingNumber: '  ' }, 'trackingNumber', 'Tracking number is required'],
    [{}, 'trackingNumber', 'Tracking number is required'],
    [{ trackingNumber: 'X1', trackingUrl: 'javascript:alert(1)' }, 'trackingUrl', 'Tracking URL must be an http(s) URL'],
  ])('refuses %o', async (payload, path, message) => {
    const order = await placeOrder();
    const res = await patch(order.id, 'tracking', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path, message }]);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.trackingNumber).toBeNull();
  });
});

describe('shipped e-mail', () => {
  it('goes to the customer when a shipped order gets its tracking number, once', async () => {
    const order = await placeOrder({ customerEmail: 'ship1@example.com' });
    await patch(order.id, 'status', { status: 'shipped' });
    expect((await outbox()).filter((m) => m.recipient === 'ship1@example.com')).toHaveLength(0);
    await patch(order.id, 'tracking', { trackingNumber: 'TRACK-1', trackingUrl: 'https://carrier.example/t/TRACK-1' });
    await patch(order.id, 'tracking', { trackingNumber: 'TRACK-1', trackingUrl: 'https://carrier.example/t/TRACK-1' });
    const mails = (await outbox()).filter((m) => m.recipient === 'ship1@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'order-shipped', status: 'stored' });
    expect(mails[0]!.subject).toContain(`#${await orderNumberOf(t.db, order.id)} `);
    expect(mails[0]!.text).toContain('TRACK-1');
    expect(mails[0]!.html).toContain('https://carrier.example/t/TRACK-1');
  });

  it('goes when an order with tracking becomes shipped, and not again for the same status', async () => {
    const order = await placeOrder({ customerEmail: 'ship2@example.com', status: 'pending' });
    // on hold: the tracking is kept, the order does not ship by it
    await patch(order.id, 'tracking', { trackingNumber: 'TRACK-2' });
    expect((await outbox()).filter((m) => m.recipient === 'ship2@example.com')).toHaveLength(0);
    await patch(order.id, 'status', { status: 'shipped' });
    await patch(order.id, 'status', { status: 'shipped' });
    expect((await outbox()).filter((m) => m.recipient === 'ship2@example.com')).toHaveLength(1);
  });

  it('is written with the change: when it cannot be, the order is not marked shipped, and pressing again sends it once', async () => {
    const order = await placeOrder({ customerEmail: 'ship4@example.com', trackingNumber: 'TRACK-4' });
    const { mail } = t.services;
    const send = mail.send;
    mail.send = async () => {
      throw new Error('outbox unavailable');
    };
    try {
      expect((await patch(order.id, 'status', { status: 'shipped' })).statusCode).toBe(500);
    } finally {
      mail.send = send;
    }
    const [unchanged] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged?.status).toBe('processing');
    expect((await patch(order.id, 'status', { status: 'shipped' })).statusCode).toBe(200);
    expect((await outbox()).filter((m) => m.recipient === 'ship4@example.com')).toHaveLength(1);
  });

  it('does not go for other statuses or without a tracking number', async () => {
    const order = await placeOrder({ customerEmail: 'ship3@example.com' });
    await patch(order.id, 'status', { status: 'shipped' });
    await patch(order.id, 'status', { status: 'delivered' });
    expect((await outbox()).filter((m) => m.recipient === 'ship3@example.com')).toHaveLength(0);
  });
});

describe('PATCH /api/orders/:id/archive', () => {
  it('moves an order between the active and archived lists', async () => {
    const order = await placeOrder();
    expect((await patch(order.id, 'archive', { isArchived: true })).json()).toMatchObject({ id: order.id, isArchived: true });
    const ids = async (side: string) => ((await admin.inject({ url: `/api/orders/${side}` })).json() as OrderView[]).map((o) => o.id);
    expect(await ids('archived')).toContain(order.id);
    expect(await ids('active')).not.toContain(order.id);
    expect((await patch(order.id, 'archive', { isArchived: false })).json()).toMatchObject({ isArchived: false });
    expect(await ids('active')).toContain(order.id);
    expect((await patch(order.id, 'archive', { isArchived: 'no' })).statusCode).toBe(400);
    expect((await patch(999_999, 'archive', { isArchived: true })).statusCode).toBe(404);
  });
});
