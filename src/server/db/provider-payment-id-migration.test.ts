import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsUpTo } from '#server/test/older-schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { orders } from './schema.ts';

// Until 0019 the provider's payment id of an order (the simulator's as well as Stripe's) was kept in
// orders.stripe_payment_intent_id; 0019 renames it provider_payment_id (issue 29). A shop's orders
// keep their ids, still one order per payment, and the API still calls the field stripePaymentIntentId.

const OLD_PAYMENTS: Array<{ id: number; provider: string; paymentId: string | null; paymentStatus: string }> = [
  { id: 1, provider: 'simulated', paymentId: 'pi_sim_old_paid', paymentStatus: 'succeeded' },
  { id: 2, provider: 'stripe', paymentId: 'pi_3OldStripeIntent', paymentStatus: 'pending' },
  // the provider refused to create its payment: the order was closed without an id
  { id: 3, provider: 'simulated', paymentId: null, paymentStatus: 'cancelled' },
];

async function shopAt0018(database: DatabaseHandle): Promise<void> {
  await database.migrate(await migrationsUpTo('0018_exact_refunds'));
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  for (const order of OLD_PAYMENTS) {
    const paymentId = order.paymentId === null ? 'null' : `'${order.paymentId}'`;
    await run(`insert into orders (id, customer_email, customer_name, status, subtotal, total, payment_status, payment_provider, stripe_payment_intent_id)
      values (${order.id}, 'old${order.id}@example.com', 'Old Customer', 'pending', 24.49, 24.49, '${order.paymentStatus}', '${order.provider}', ${paymentId})`);
  }
  await run(`select setval('orders_id_seq', (select max(id) from orders))`);
}

const rowsOf = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { beforeMigrating: shopAt0018 });
});
afterAll(() => t.close());

it('keeps every order’s payment id under the new name', async () => {
  const rows = await t.db.select({ id: orders.id, paymentId: orders.providerPaymentId }).from(orders).orderBy(asc(orders.id));
  expect(rows).toEqual(OLD_PAYMENTS.map(({ id, paymentId }) => ({ id, paymentId })));
  const columns = await rowsOf(
    t.db.execute(sql`select column_name from information_schema.columns where table_name = 'orders' and column_name like '%payment%id'`),
  );
  expect(columns).toEqual([{ column_name: 'provider_payment_id' }]);
});

it('keeps one order per payment id, under the constraint’s new name', async () => {
  const unique = await rowsOf(
    t.db.execute(sql`select conname from pg_constraint where conrelid = 'orders'::regclass and contype = 'u' and conname like '%payment%' order by conname`),
  );
  expect(unique).toEqual([{ conname: 'orders_provider_payment_id_unique' }]);
  const copy = t.db.insert(orders).values({ customerEmail: 'copy@example.com', customerName: 'Copy', total: '1.00', providerPaymentId: 'pi_sim_old_paid' });
  await expect(copy).rejects.toMatchObject({ cause: { code: '23505', constraint: 'orders_provider_payment_id_unique' } });
});

it('finds an old order by its payment id, answered under the field name the API has always used', async () => {
  const res = await t.app.inject('/api/orders/by-payment-intent/pi_sim_old_paid');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ id: 1, paymentStatus: 'succeeded', stripePaymentIntentId: 'pi_sim_old_paid' });
  const status = await t.app.inject('/api/check-payment-status/pi_sim_old_paid');
  expect(status.json()).toMatchObject({ success: true, orderId: 1, paymentStatus: 'succeeded' });
});
