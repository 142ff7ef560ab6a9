import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { generateGrowthShop, type GrowthOptions, type GrowthShop } from './growth-generator.ts';

// A 1/1000 copy (50 products, 200 customers, 1,000 orders): what the tier's full size is made of, in seconds.
const TINY: GrowthOptions = { scale: 0.001, seed: 35, anchor: new Date('2026-11-28T12:00:00Z') };

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A digest of what the generator chose (not the serial ids' sequences or the catalogue's now()-relative times). */
async function fingerprint(db: Database): Promise<string> {
  const [row] = await rows<{ digest: string }>(
    db,
    sql`select md5(
      (select string_agg(concat_ws('|', id, order_number, user_id, customer_email, status, payment_status, subtotal, total, tax_total,
        discount_total, refunded_total, created_at), ',' order by id) from orders) ||
      (select string_agg(concat_ws('|', order_id, variant_id, quantity, price), ',' order by id) from order_items) ||
      (select string_agg(concat_ws('|', username, email, full_name), ',' order by id) from users) ||
      (select string_agg(concat_ws('|', name, price, search_terms, array_to_string(facet_values, ';')), ',' order by id) from products)
    ) as digest`,
  );
  return row!.digest;
}

describe('the growth tier generator, at a tiny scale', () => {
  let first: TestApp;
  let second: TestApp;
  let shop: GrowthShop;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp(), createTestApp()]);
    shop = await generateGrowthShop(first.db, TINY);
    await generateGrowthShop(second.db, TINY);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('makes the scaled counts: six variants a product, one to four lines an order', () => {
    expect(shop).toMatchObject({ products: 50, variants: 300, customers: 200, orders: 1000 });
    expect(shop.orderLines).toBeGreaterThan(1000 * 1.4);
    expect(shop.orderLines).toBeLessThan(1000 * 2.2);
  });

  it('links every order to a customer or a guest, every line to a real variant, and totals its lines', async () => {
    const [links] = await rows<Record<string, number>>(
      first.db,
      sql`select
        (select count(*) from orders o where o.user_id is not null and not exists (select 1 from users u where u.id = o.user_id and u.email = o.customer_email))::int as "wrongCustomer",
        (select count(*) from orders where user_id is null)::int as guests,
        (select count(*) from order_items i where not exists (select 1 from product_variants v where v.id = i.variant_id and v.product_id = i.product_id))::int as "strayLines",
        (select count(*) from orders o where not exists (select 1 from order_items i where i.order_id = o.id))::int as "emptyOrders",
        (select count(*) from orders o where o.subtotal <> (select sum(i.price * i.quantity) from order_items i where i.order_id = o.id))::int as "wrongSubtotal",
        (select count(*) from orders where total <> subtotal - discount_total + shipping_total + tax_total)::int as "wrongTotal"`,
    );
    expect(links).toMatchObject({ wrongCustomer: 0, strayLines: 0, emptyOrders: 0, wrongSubtotal: 0, wrongTotal: 0 });
    expect(links!.guests).toBeGreaterThan(1000 * 0.15);
    expect(links!.guests).toBeLessThan(1000 * 0.35);
  });

  it('spreads the orders over three years with a shop-like mix of states, and rolls the paid ones up for the reports', async () => {
    const [spread] = await rows<{ oldest: string; newest: string; paid: number; unpaid: number; delivered: number; rolledUp: number; days: number }>(
      first.db,
      sql`select min(created_at)::text as oldest, max(created_at)::text as newest,
        count(*) filter (where payment_status in ('succeeded', 'partially_refunded', 'refunded'))::int as paid,
        count(*) filter (where payment_status in ('expired', 'failed', 'cancelled', 'pending'))::int as unpaid,
        count(*) filter (where status = 'delivered')::int as delivered,
        (select count(*) from report_orders)::int as "rolledUp", (select count(*) from report_daily_sales)::int as days
      from orders`,
    );
    expect(new Date(spread!.oldest).getTime()).toBeGreaterThan(TINY.anchor.getTime() - 3 * 366 * 86_400_000);
    expect(new Date(spread!.oldest).getTime()).toBeLessThan(TINY.anchor.getTime() - 2.5 * 365 * 86_400_000);
    expect(new Date(spread!.newest).getTime()).toBeLessThanOrEqual(TINY.anchor.getTime());
    expect(spread!.unpaid / 1000).toBeGreaterThan(0.04);
    expect(spread!.unpaid / 1000).toBeLessThan(0.15);
    expect(spread!.delivered / spread!.paid).toBeGreaterThan(0.8);
    expect(spread!.rolledUp).toBe(spread!.paid);
    expect(spread!.days).toBeGreaterThan(300);
  });

  it('writes the products search terms and facet values the shop listing reads', async () => {
    const [terms] = await rows<{ missing: number }>(
      first.db,
      sql`select count(*)::int as missing from products where search_terms = '' or cardinality(facet_values) = 0`,
    );
    expect(terms!.missing).toBe(0);
  });

  it('makes the same shop from the same seed and anchor, and another from another seed', async () => {
    expect(await fingerprint(second.db)).toBe(await fingerprint(first.db));
    const third = await createTestApp();
    try {
      await generateGrowthShop(third.db, { ...TINY, seed: 36 });
      expect(await fingerprint(third.db)).not.toBe(await fingerprint(first.db));
    } finally {
      await third.close();
    }
  });
});
