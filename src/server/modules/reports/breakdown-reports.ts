import { sql, type SQL } from 'drizzle-orm';
import type { CouponRow, RefundRow, ReportRange, ReturnRow, TaxRow, TopBy, TopRow } from '#common/schemas/reports.ts';
import type { Database } from '#server/db/client.ts';
import { SHOP_TIME_ZONE, topName } from './report-rollup.ts';

// the most a top list names; the rest of the range is in the sales report's totals
const TOP_LIMIT = 50;

const rowsOf = async <Row>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const inRange = (range: Pick<ReportRange, 'from' | 'to'>) => sql`day between ${range.from}::date and ${range.to}::date`;

/** Whether a range holds most of the shop's sales (by orders, from the daily sales: a thousand rows a year). */
async function holdsMostSales(db: Database, range: ReportRange): Promise<boolean> {
  const [share] = await rowsOf<{ inside: string; all: string }>(
    db,
    sql`select coalesce(sum(orders) filter (where ${inRange(range)}), 0) as inside, coalesce(sum(orders), 0) as all from report_daily_sales`,
  );
  return Number(share!.inside) * 2 > Number(share!.all);
}

/**
 * The best sellers' sums of a range, by name: the range's own daily rows, or, when it holds most of the sales,
 * the list's all-time totals less the days outside the range (decision 074): over three years of a grown shop
 * that is 50,000 product totals and a few days instead of 1.6 million daily rows.
 */
async function topSums(db: Database, range: ReportRange, by: TopBy): Promise<SQL> {
  const sums = sql`select ${topName[by]} as name, sum(units) as units, sum(gross_cents) as gross, sum(discount_cents) as discount,
    sum(refunded_units) as refunded, count(*) as days from report_daily_items`;
  if (!(await holdsMostSales(db, range))) return sql`${sums} where ${inRange(range)} group by 1`;
  const less = (column: string, total = column) => sql`t.${sql.raw(total)} - coalesce(o.${sql.raw(column)}, 0)`;
  return sql`
    with outside as (${sums} where day < ${range.from}::date or day > ${range.to}::date group by 1)
    select t.name, ${less('units')} as units, ${less('gross', 'gross_cents')} as gross, ${less('discount', 'discount_cents')} as discount,
      ${less('refunded', 'refunded_units')} as refunded, ${less('days')} as days
    from report_top_totals t left join outside o on o.name = t.name
    where t.by = ${by}`;
}

/** The best sellers of the range by sales after discounts: products, variants, brands or product types. */
export async function topReport(db: Database, range: ReportRange, by: TopBy): Promise<TopRow[]> {
  const rows = await rowsOf<Record<keyof TopRow, string | number>>(
    db,
    sql`
      select name, units::int as units, gross::bigint as "grossCents", discount::bigint as "discountCents", refunded::int as "refundedUnits"
      from (${await topSums(db, range, by)}) sold
      -- a name whose days are all outside the range sold nothing in it
      where days > 0
      order by gross - discount desc, name
      limit ${TOP_LIMIT}
    `,
  );
  return rows.map((row) => {
    const [grossCents, discountCents] = [Number(row.grossCents), Number(row.discountCents)];
    return {
      name: String(row.name),
      units: Number(row.units),
      grossCents,
      discountCents,
      netCents: grossCents - discountCents,
      refundedUnits: Number(row.refundedUnits),
    };
  });
}

/** Each coupon's uses in the range, the discount it gave and the sales it came with (order totals). */
export async function couponReport(db: Database, range: ReportRange): Promise<CouponRow[]> {
  const rows = await rowsOf<{ code: string; orders: number; discount: string; sales: string }>(
    db,
    sql`
      select coupon_code as code, sum(orders)::int as orders, sum(discount_cents)::bigint as discount, sum(sales_cents)::bigint as sales
      from report_daily_coupons where ${inRange(range)}
      group by coupon_code order by sum(sales_cents) desc, coupon_code
    `,
  );
  return rows.map((row) => ({ code: row.code, orders: Number(row.orders), discountCents: Number(row.discount), salesCents: Number(row.sales) }));
}

/** Sales tax by month and ship-to state, for filing: collected on the month's sales, less what their refunds gave back. */
export async function taxReport(db: Database, range: ReportRange): Promise<TaxRow[]> {
  const rows = await rowsOf<{ month: string; state: string; orders: number; taxable: string; tax: string; refunded: string }>(
    db,
    sql`
      select to_char(day, 'YYYY-MM') as month, state, sum(orders)::int as orders, sum(taxable_cents)::bigint as taxable,
        sum(tax_cents)::bigint as tax, sum(tax_refunded_cents)::bigint as refunded
      from report_daily_tax where ${inRange(range)}
      group by 1, 2 order by 1, 2
    `,
  );
  return rows.map((row) => {
    const [taxCents, taxRefundedCents] = [Number(row.tax), Number(row.refunded)];
    return {
      month: row.month,
      state: row.state,
      orders: Number(row.orders),
      taxableCents: Number(row.taxable),
      taxCents,
      taxRefundedCents,
      netTaxCents: taxCents - taxRefundedCents,
    };
  });
}

/** Returns asked for in the range (rejected ones left out), by product and the customer's reason. */
export async function returnsReport(db: Database, range: ReportRange): Promise<ReturnRow[]> {
  const rows = await rowsOf<{ product: string; reason: string; returns: number; units: number }>(
    db,
    sql`
      select coalesce(i.product_name, 'Removed product') as product, r.reason, count(distinct r.id)::int as returns,
        sum((line ->> 'quantity')::int)::int as units
      from order_returns r
      cross join jsonb_array_elements(r.lines) line
      left join order_items i on i.id = (line ->> 'itemId')::int
      where r.state <> 'rejected' and (r.created_at at time zone ${SHOP_TIME_ZONE})::date between ${range.from}::date and ${range.to}::date
      group by 1, 2 order by 4 desc, 1, 2
    `,
  );
  return rows.map((row) => ({ productName: row.product, reason: row.reason, returns: Number(row.returns), units: Number(row.units) }));
}

/** Money given back in the range (claimed refunds, the owner's and the provider's), by the reason given. */
export async function refundsReport(db: Database, range: ReportRange): Promise<RefundRow[]> {
  const rows = await rowsOf<{ reason: string; refunds: number; amount: string }>(
    db,
    sql`
      select reason, count(*)::int as refunds, sum(round(amount * 100))::bigint as amount
      from refunds
      where (created_at at time zone ${SHOP_TIME_ZONE})::date between ${range.from}::date and ${range.to}::date
      group by reason order by 3 desc, 1
    `,
  );
  return rows.map((row) => ({ reason: row.reason, refunds: Number(row.refunds), amountCents: Number(row.amount) }));
}
