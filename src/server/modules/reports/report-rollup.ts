import { sql, type SQL } from 'drizzle-orm';
import type { TopBy } from '#common/schemas/reports.ts';
import type { Database, Transaction } from '#server/db/client.ts';

/**
 * Orders whose last change is this close before the last roll-up are looked at again: a writer's
 * `updated_at` is its transaction's start, so a transaction still open at the roll-up (bounded by the
 * statement and idle-in-transaction timeouts, seconds) commits a change stamped before it. Rolling a day
 * up twice is harmless: each day is recomputed whole.
 */
const OVERLAP = sql`interval '10 minutes'`;
// one roll-up at a time across instances: two would delete and insert the same days
const ROLLUP_LOCK = 5_104_051;

/** The shop's time zone (the shipping settings'), in which a sale's day is cut. */
export const SHOP_TIME_ZONE = sql`coalesce((select time_zone from shipping_settings where id = 1), 'America/Chicago')`;

const cents = (amount: SQL) => sql`round((${amount}) * 100)::bigint`;

/** How each best-seller list names a daily item row (migration 0048 backfilled report_top_totals the same way). */
export const topName: Record<TopBy, SQL> = {
  product: sql`product_name`,
  variant: sql`product_name || coalesce(' / ' || nullif(variant_name, ''), '') || coalesce(' (' || sku || ')', '')`,
  brand: sql`coalesce(brand_name, 'No brand')`,
  type: sql`coalesce(product_type_name, 'No type')`,
};

/**
 * Brings the daily roll-ups up to date (decision 051): finds the paid orders changed since the last
 * run, files each under the day it was paid (shop time), and recomputes those days whole from their
 * orders. Reads call it first, and a scheduled run keeps the backlog small between reads.
 */
export async function catchUpReports(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    const state = (await tx.execute(sql`
      select changed_since, time_zone = ${SHOP_TIME_ZONE} as same_zone from report_rollup_state where id = 1
    `)) as unknown as { rows: { changed_since: string; same_zone: boolean }[] };
    const since = state.rows[0];
    if (since && !since.same_zone) await tx.execute(sql`delete from report_orders`);
    const changedSince = since?.same_zone ? sql`${since.changed_since}::timestamptz - ${OVERLAP}` : sql`'-infinity'::timestamptz`;
    const touched = (await tx.execute(sql`
      with changed as (
        select o.id, lower(o.customer_email) as customer_key, o.updated_at from orders o
        where o.updated_at >= ${changedSince}
          -- seen in the overlap already, unchanged since
          and not exists (select 1 from report_orders r where r.order_id = o.id and r.order_updated_at = o.updated_at)
      ), paid as (
        select c.id, c.customer_key, c.updated_at, min(e.created_at) as paid_at
        from changed c join order_events e on e.order_id = c.id and e.event = 'pay'
        group by c.id, c.customer_key, c.updated_at
      ), filed as (
        insert into report_orders (order_id, paid_at, day, customer_key, order_updated_at)
        select id, paid_at, (paid_at at time zone ${SHOP_TIME_ZONE})::date, customer_key, updated_at from paid
        on conflict (order_id) do update set customer_key = excluded.customer_key, order_updated_at = excluded.order_updated_at
        returning day
      )
      select distinct day::text as day from filed
    `)) as unknown as { rows: { day: string }[] };
    const days = touched.rows.map((row) => row.day);
    if (!since?.same_zone) await rollUpDays(tx, null);
    else if (days.length > 0) await rollUpDays(tx, days);
    await tx.execute(sql`
      insert into report_rollup_state (id, changed_since, time_zone) values (1, now(), ${SHOP_TIME_ZONE})
      on conflict (id) do update set changed_since = excluded.changed_since, time_zone = excluded.time_zone
    `);
  });
}

/** Recomputes the given days (null: every day) of every roll-up from the orders filed under them. */
async function rollUpDays(tx: Transaction, days: string[] | null): Promise<void> {
  const dayList =
    days === null
      ? null
      : sql`array[${sql.join(
          days.map((day) => sql`${day}`),
          sql`, `,
        )}]::date[]`;
  const onDays = (column: SQL) => (dayList === null ? sql`true` : sql`${column} = any(${dayList})`);
  // the days' item rows leave the all-time totals before they are recomputed (all of them: every day is)
  if (dayList === null) await tx.execute(sql`delete from report_top_totals`);
  const emptied = dayList === null ? new Map<TopBy, string[]>() : await addToItemTotals(tx, sql`day = any(${dayList})`, -1);
  for (const table of ['report_daily_sales', 'report_daily_items', 'report_daily_tax', 'report_daily_coupons']) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where ${onDays(sql.raw('day'))}`);
  }
  await tx.execute(sql`
    insert into report_daily_sales (day, orders, units, gross_cents, discount_cents, refund_cents, tax_cents, shipping_cents,
      new_customer_orders, returning_customer_orders)
    select ro.day, count(*), sum(lines.units), sum(lines.gross), sum(${cents(sql`o.discount_total`)}), sum(${cents(sql`o.refunded_total`)}),
      sum(${cents(sql`o.tax_total`)}), sum(${cents(sql`o.shipping_total`)}),
      count(*) filter (where not earlier.found), count(*) filter (where earlier.found)
    from report_orders ro
    join orders o on o.id = ro.order_id
    cross join lateral (
      select coalesce(sum(i.quantity), 0) as units, coalesce(sum(${cents(sql`i.price`)} * i.quantity), 0) as gross
      from order_items i where i.order_id = o.id
    ) lines
    cross join lateral (
      select exists (
        select 1 from report_orders p
        where p.customer_key = ro.customer_key and (p.paid_at < ro.paid_at or (p.paid_at = ro.paid_at and p.order_id < ro.order_id))
      ) as found
    ) earlier
    where ${onDays(sql`ro.day`)}
    group by ro.day
  `);
  await tx.execute(sql`
    insert into report_daily_items (day, product_id, variant_id, product_name, variant_name, sku, brand_name, product_type_name,
      units, gross_cents, discount_cents, refunded_units)
    select ro.day, i.product_id, i.variant_id, i.product_name, i.variant_name, i.sku, b.name, t.name,
      sum(i.quantity), sum(${cents(sql`i.price`)} * i.quantity), sum(${cents(sql`i.discount_allocated`)}), sum(i.refunded_quantity)
    from report_orders ro
    join order_items i on i.order_id = ro.order_id
    left join products p on p.id = i.product_id
    left join brands b on b.id = p.brand_id
    left join product_types t on t.id = p.product_type_id
    where ${onDays(sql`ro.day`)}
    group by ro.day, i.product_id, i.variant_id, i.product_name, i.variant_name, i.sku, b.name, t.name
  `);
  await addToItemTotals(tx, onDays(sql`day`), 1);
  await dropEmptyTotals(tx, emptied);
  await tx.execute(sql`
    insert into report_daily_tax (day, state, orders, taxable_cents, tax_cents, tax_refunded_cents)
    select ro.day, coalesce(upper(o.state), ''), count(*),
      sum(${cents(sql`o.subtotal - o.discount_total + o.shipping_total`)}), sum(${cents(sql`o.tax_total`)}), sum(${taxRefundedCents})
    from report_orders ro
    join orders o on o.id = ro.order_id
    where ${onDays(sql`ro.day`)}
    group by ro.day, coalesce(upper(o.state), '')
  `);
  await tx.execute(sql`
    insert into report_daily_coupons (day, coupon_code, orders, discount_cents, sales_cents)
    select ro.day, upper(o.coupon_code), count(*), sum(${cents(sql`o.discount_total`)}), sum(${cents(sql`o.total`)})
    from report_orders ro
    join orders o on o.id = ro.order_id
    where ${onDays(sql`ro.day`)} and o.coupon_code is not null and o.coupon_code <> ''
    group by ro.day, upper(o.coupon_code)
  `);
}

/**
 * Adds (sign 1) or takes away (-1) the daily item rows of some days to or from each best-seller list's totals
 * (report_top_totals, decision 074), in the roll-up's transaction. Answers, per list, the names left with no days.
 */
async function addToItemTotals(tx: Transaction, days: SQL, sign: 1 | -1): Promise<Map<TopBy, string[]>> {
  const emptied = new Map<TopBy, string[]>();
  for (const by of Object.keys(topName) as TopBy[]) {
    const result = await tx.execute(sql`
      insert into report_top_totals (by, name, units, gross_cents, discount_cents, refunded_units, days)
      select ${by}, ${topName[by]}, ${sign} * sum(units), ${sign} * sum(gross_cents), ${sign} * sum(discount_cents),
        ${sign} * sum(refunded_units), ${sign} * count(*)
      from report_daily_items where ${days}
      group by 2
      on conflict (by, name) do update set
        units = report_top_totals.units + excluded.units,
        gross_cents = report_top_totals.gross_cents + excluded.gross_cents,
        discount_cents = report_top_totals.discount_cents + excluded.discount_cents,
        refunded_units = report_top_totals.refunded_units + excluded.refunded_units,
        days = report_top_totals.days + excluded.days
      returning name, days
    `);
    const rows = (result as unknown as { rows: { name: string; days: number }[] }).rows;
    emptied.set(
      by,
      rows.filter((row) => row.days === 0).map((row) => row.name),
    );
  }
  return emptied;
}

/** Names whose days all went and did not come back (a renamed brand or product, a refiled order) are removed, by key. */
async function dropEmptyTotals(tx: Transaction, emptied: Map<TopBy, string[]>): Promise<void> {
  for (const [by, names] of emptied) {
    if (names.length === 0) continue;
    await tx.execute(sql`
      delete from report_top_totals where by = ${by} and days = 0
        and name = any(array[${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )}]::text[])`);
  }
}

/**
 * The tax an order gave back: all of it when the whole order was refunded, else its refunded units'
 * share of each line's tax and the shipping's tax once a refund gave the shipping back.
 */
const taxRefundedCents = sql`
  case when o.payment_status = 'refunded' then ${cents(sql`o.tax_total`)}
  else (
    select coalesce(sum(round(i.tax_allocated * 100 * i.refunded_quantity / nullif(i.quantity, 0))), 0)::bigint
    from order_items i where i.order_id = o.id
  ) + case when exists (select 1 from refunds r where r.order_id = o.id and r.shipping) then ${cents(sql`o.shipping_tax`)} else 0 end
  end`;
