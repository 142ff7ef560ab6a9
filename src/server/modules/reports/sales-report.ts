import { sql } from 'drizzle-orm';
import { daysBetween, type ReportInterval, type ReportRange, type SalesPeriod, type SalesReport, type SalesTotals } from '#common/schemas/reports.ts';
import type { Database } from '#server/db/client.ts';

interface SalesRow {
  period: string;
  orders: number;
  units: number;
  gross: number;
  discount: number;
  refund: number;
  tax: number;
  shipping: number;
  new_customers: number;
  returning_customers: number;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The range of the same length just before this one: the period a report compares with. */
function previousRange(range: Pick<ReportRange, 'from' | 'to'>): { from: string; to: string } {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Each period of the range (weeks from Monday, months from the 1st), with nothing sold as zeros. */
async function salesPeriods(db: Database, from: string, to: string, interval: ReportInterval): Promise<SalesPeriod[]> {
  const unit = sql.raw(`'${interval}'`);
  const result = (await db.execute(sql`
    with periods as (
      select generate_series(date_trunc(${unit}, ${from}::date), ${to}::date, ('1 ' || ${unit})::interval)::date as period
    ), sold as (
      select date_trunc(${unit}, day)::date as period, sum(orders)::int as orders, sum(units)::int as units,
        sum(gross_cents)::bigint as gross, sum(discount_cents)::bigint as discount, sum(refund_cents)::bigint as refund,
        sum(tax_cents)::bigint as tax, sum(shipping_cents)::bigint as shipping,
        sum(new_customer_orders)::int as new_customers, sum(returning_customer_orders)::int as returning_customers
      from report_daily_sales where day between ${from}::date and ${to}::date
      group by 1
    )
    select p.period::text as period, coalesce(s.orders, 0) as orders, coalesce(s.units, 0) as units, coalesce(s.gross, 0) as gross,
      coalesce(s.discount, 0) as discount, coalesce(s.refund, 0) as refund, coalesce(s.tax, 0) as tax, coalesce(s.shipping, 0) as shipping,
      coalesce(s.new_customers, 0) as new_customers, coalesce(s.returning_customers, 0) as returning_customers
    from periods p left join sold s using (period)
    order by p.period
  `)) as unknown as { rows: SalesRow[] };
  return result.rows.map((row) => ({ period: row.period, ...salesFigures(row) }));
}

function salesFigures(row: Omit<SalesRow, 'period'>): SalesTotals {
  const [orders, units, gross, discount, refund] = [Number(row.orders), Number(row.units), Number(row.gross), Number(row.discount), Number(row.refund)];
  const [tax, shipping] = [Number(row.tax), Number(row.shipping)];
  return {
    orders,
    units,
    grossCents: gross,
    discountCents: discount,
    refundCents: refund,
    netCents: gross - discount - refund,
    taxCents: tax,
    shippingCents: shipping,
    averageOrderCents: orders === 0 ? 0 : Math.round((gross - discount) / orders),
    newCustomers: Number(row.new_customers),
    returningCustomers: Number(row.returning_customers),
  };
}

function totalsOf(periods: SalesPeriod[]): SalesTotals {
  const sum = (pick: (period: SalesPeriod) => number) => periods.reduce((total, period) => total + pick(period), 0);
  return salesFigures({
    orders: sum((p) => p.orders),
    units: sum((p) => p.units),
    gross: sum((p) => p.grossCents),
    discount: sum((p) => p.discountCents),
    refund: sum((p) => p.refundCents),
    tax: sum((p) => p.taxCents),
    shipping: sum((p) => p.shippingCents),
    new_customers: sum((p) => p.newCustomers),
    returning_customers: sum((p) => p.returningCustomers),
  });
}

/** Sales, orders, units and customers per period of the range, beside the same figures for the period before. */
export async function salesReport(db: Database, range: ReportRange): Promise<SalesReport> {
  const previous = previousRange(range);
  const [periods, previousPeriods] = await Promise.all([
    salesPeriods(db, range.from, range.to, range.interval),
    salesPeriods(db, previous.from, previous.to, range.interval),
  ]);
  return {
    range: { from: range.from, to: range.to },
    previousRange: previous,
    totals: totalsOf(periods),
    previousTotals: totalsOf(previousPeriods),
    periods,
    previousPeriods,
  };
}
