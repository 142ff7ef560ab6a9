import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { migrationsUpTo } from '#server/test/older-schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import type { DatabaseHandle } from './client.ts';

// Migration 0053 samples the orders' names and e-mails at once for the admin's search. On a new shop's empty table
// that ANALYZE recorded "empty" for good, and the plans PostgreSQL keeps per connection (the checks of the foreign
// keys to orders, the payment's statement) then read every order as a first rush added them, until autovacuum came
// round: checkout fell from 158 to 0 payments a second in 12 s (decision 092). A table never analysed is planned
// as ten pages at least, and an index read stays the cheaper one.

const reltuplesOfOrders = async (app: TestApp) => {
  const { rows } = (await app.db.execute(sql`select reltuples from pg_class where relname = 'orders'`)) as unknown as {
    rows: { reltuples: number }[];
  };
  return Number(rows[0]!.reltuples);
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it("leaves a new shop's empty orders table never analysed", async () => {
  t = await createTestApp();
  expect(await reltuplesOfOrders(t)).toBe(-1);
});

it("still samples an existing shop's orders when it migrates", async () => {
  const shopAt0052 = async (database: DatabaseHandle) => {
    await database.migrate(await migrationsUpTo('0052_products_name_order_index'));
    await database.db.execute(sql`
      insert into orders (order_number, customer_name, customer_email, total, status, payment_status)
      select 'PB-S' || n, 'Customer ' || n, 'c' || n || '@example.com', 10, 'processing', 'paid' from generate_series(1, 40) n`);
  };
  t = await createTestApp({}, { beforeMigrating: shopAt0052 });
  expect(await reltuplesOfOrders(t)).toBe(40);
});
