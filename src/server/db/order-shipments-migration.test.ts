import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { migrationsUpTo } from '#server/test/older-schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import type { DatabaseHandle } from './client.ts';

// Before 0024 a shipped order kept one carrier and tracking number on its row; since, an order ships in
// shipments (decision 050). The upgrade gives each shipped or delivered order one shipment of all its
// units with that tracking, so old orders read as shipped and have nothing left to fulfil.

async function shopBefore0024(database: DatabaseHandle): Promise<void> {
  await database.migrate(await migrationsUpTo('0023_shipping_profiles'));
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  const order = (id: number, status: string, tracking: string) =>
    run(`insert into orders (id, customer_email, customer_name, status, total, payment_status, carrier, tracking_number, tracking_url, tracking_added_at, delivered_at)
      values (${id}, 'old${id}@example.com', 'Old Customer', '${status}', 30, 'succeeded', ${tracking}, '2025-06-02T10:00:00Z',
        ${status === 'delivered' ? "'2025-06-05T10:00:00Z'" : 'null'})`);
  await order(1, 'shipped', `'usps', '9400 OLD', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%20OLD'`);
  await order(2, 'delivered', `null, null, null`);
  await order(3, 'processing', `null, null, null`);
  for (const id of [1, 2, 3]) {
    await run(`insert into order_items (order_id, product_name, quantity, price) values (${id}, 'Old paddle', 2, 10), (${id}, 'Old balls', 1, 10)`);
  }
  await run(`select setval('orders_id_seq', 3)`);
}

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({}, { beforeMigrating: shopBefore0024 });
  admin = await t.signIn({ admin: true, username: 'shipments-upgrade' });
});
afterAll(() => t.close());

const detail = async (id: number) => (await admin.inject({ url: `/api/orders/${id}` })).json() as AdminOrderDetail;

it('gives each shipped or delivered order one shipment of all its units, with its tracking', async () => {
  const shipped = await detail(1);
  expect(shipped.fulfilment.shipments).toMatchObject([
    {
      carrier: 'usps',
      trackingNumber: '9400 OLD',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%20OLD',
      status: 'shipped',
      shippedAt: '2025-06-02T10:00:00.000Z',
      lines: [
        { productName: 'Old paddle', quantity: 2 },
        { productName: 'Old balls', quantity: 1 },
      ],
    },
  ]);
  expect((await detail(2)).fulfilment.shipments).toMatchObject([
    { carrier: null, trackingNumber: null, status: 'delivered', deliveredAt: '2025-06-05T10:00:00.000Z' },
  ]);
  expect((await detail(3)).fulfilment.shipments).toEqual([]);
});

it('leaves nothing to ship on an old shipped order, and all of an unshipped one', async () => {
  const [paddle] = (await detail(1)).order.items;
  const again = await admin.inject({
    method: 'POST',
    url: '/api/orders/1/shipments',
    payload: { lines: [{ itemId: paddle!.id, quantity: 1 }], carrier: 'usps' },
  });
  expect(again.statusCode).toBe(409);
  const [open] = (await detail(3)).order.items;
  const first = await admin.inject({
    method: 'POST',
    url: '/api/orders/3/shipments',
    payload: { lines: [{ itemId: open!.id, quantity: 2 }], carrier: 'usps' },
  });
  expect((first.json() as AdminOrderDetail).order.status).toBe('processing');
  // the parcel of a delivered order can be delivered only once
  const delivered = await detail(2);
  expect((await admin.inject({ method: 'POST', url: `/api/orders/2/shipments/${delivered.fulfilment.shipments[0]!.id}/delivered` })).statusCode).toBe(409);
});
