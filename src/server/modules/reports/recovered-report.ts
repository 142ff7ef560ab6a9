import { sql } from 'drizzle-orm';
import type { RecoveredReport, ReportRange } from '#common/schemas/reports.ts';
import type { Database } from '#server/db/client.ts';
import { SHOP_TIME_ZONE } from './report-rollup.ts';

const REMINDER_LABEL: Record<number, string> = { 1: 'First reminder', 2: 'Second reminder' };

/**
 * Checkouts recovered in the range (the day the reminder module marked them, shop time zone), by how many
 * reminders had gone out: the count and the paid orders' totals. Reads checkout_recoveries and orders,
 * writes nothing; a recovered order since deleted is not counted (its link is gone).
 */
export async function recoveredReport(db: Database, range: ReportRange): Promise<RecoveredReport> {
  const result = await db.execute(sql`
    select r.reminders_sent as reminders, count(*)::int as orders, sum(round(o.total * 100))::bigint as revenue
    from checkout_recoveries r
    join orders o on o.id = r.recovered_order_id
    where r.status = 'recovered' and (r.recovered_at at time zone ${SHOP_TIME_ZONE})::date between ${range.from}::date and ${range.to}::date
    group by r.reminders_sent order by r.reminders_sent
  `);
  const rows = (result as unknown as { rows: { reminders: number; orders: number; revenue: string }[] }).rows.map((row) => ({
    reminder: REMINDER_LABEL[Number(row.reminders)] ?? `${row.reminders} reminders`,
    orders: Number(row.orders),
    revenueCents: Number(row.revenue),
  }));
  return {
    rows,
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    revenueCents: rows.reduce((sum, row) => sum + row.revenueCents, 0),
  };
}
