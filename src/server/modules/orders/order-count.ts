import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';

/**
 * Up to this many orders a list's total is counted exactly: the count stops after one more, so it reads at
 * most that many index entries whatever the shop's size. Past it the total is PostgreSQL's estimate
 * (decision 074): an exact count of a grown shop's 915,000 paid orders reads every one of them, 600 ms.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * A search by name or e-mail is counted exactly up to this many (decision 087): its matches are found by the
 * trigram indexes or by reading the orders in turn, whichever the planner's estimate favours, and on a grown
 * shop that estimate can be three times the truth; then 10,001 matches of "smith" took a read of 243,000
 * orders' names and e-mails, 550 ms, where 1,001 take a tenth of it.
 */
export const EXACT_SEARCH_COUNT_LIMIT = 1_000;

/** How many orders a filter matches: exact, or above `limit` an estimate (`estimated`). */
export async function countOrders(db: Database, where: SQL | undefined, limit = EXACT_COUNT_LIMIT): Promise<{ total: number; estimated: boolean }> {
  // a new builder each time: drizzle's limit() changes the builder it is called on
  const matching = () => db.select({ id: orders.id }).from(orders).where(where);
  const [capped] = await db.select({ total: sql<number>`count(*)::int` }).from(
    matching()
      .limit(limit + 1)
      .as('capped'),
  );
  const exact = capped?.total ?? 0;
  if (exact <= limit) return { total: exact, estimated: false };
  return { total: aboutThisMany(Math.max(await plannedRows(db, matching()), exact)), estimated: true };
}

/** The rows the planner expects the statement to return (from the table's statistics; nothing is read). */
async function plannedRows(db: Database, statement: SQL | { getSQL(): SQL }): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${statement}`)) as unknown as { rows: Record<string, unknown>[] };
  // node-postgres and PGlite both parse the json column; its name is "QUERY PLAN"
  const plan = Object.values(result.rows[0] ?? {})[0] as [{ Plan: { 'Plan Rows': number } }] | string;
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Plan Rows': number } }]) : plan;
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/** An estimate said as what it is: two significant figures (914,873 -> 910,000). */
function aboutThisMany(rows: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(rows)) - 1);
  return Math.round(rows / unit) * unit;
}
