import { sql, type SQL } from 'drizzle-orm';
import type { CouponRow, RefundRow, ReportRange, ReturnRow, TaxRow, TopBy, TopRow } from '#common/schemas/reports.ts';
import type { Database } from '#server/db/client.ts';
import { SHOP_TIME_ZONE } from './report-rollup.ts';

// the most a top list names; the rest of the range is in the sales report's totals
const TOP_LIMIT = 50;

const topName: Record<TopBy, SQL> = {
  product: sql`product_name`,
  variant: sql`product_name || coalesce(' / ' || nullif(variant_name, ''), '') || coalesce(' (' || sku || ')', '')`,
  brand: sql`coalesce(brand_name, 'No brand')`,
  type: sql`coalesce(product_type_name, 'No type')`,
};

const rowsOf = async <Row>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const inRange = (range: Pick<ReportRange, 'from' | 'to'>) => sql`day between ${range.from}::date and ${range.to}::date`;

/** The best sellers of the range by sales after discounts: products, variants, brands or product types. */
export async function topReport(db: Database, range: ReportRange, by: TopBy): Promise<TopRow[]> {
  const rows = await rowsOf<Record<keyof TopRow, string | number>>(
    db,
    sql`
      select ${topName[by]} as name, sum(units)::int as units, sum(gross_cents)::bigint as "grossCents",
        sum(discount_cents)::bigint as "discountCents", sum(refunded_units)::int as "refundedUnits"
      from report_daily_items where ${inRange(range)}
      group by 1
      order by sum(gross_cents) - sum(discount_cents) desc, 1
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
