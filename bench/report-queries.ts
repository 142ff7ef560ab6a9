// The reports' budget (issue 32, Reports): a generated shop of 1,000,000 paid orders over two years on
// PostgreSQL; the first roll-up of them all, then the Reports tab's reads over a year (sales by day against
// the year before, best sellers, tax by state and month), each after the catch-up a report does first,
// p95 <= 500 ms (DESIGN.md §8, "a report over any range").
// Alone: tsx bench/report-queries.ts (DATABASE_URL names the server; a scratch database is made and dropped).
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { taxReport, topReport } from '#server/modules/reports/breakdown-reports.ts';
import { catchUpReports } from '#server/modules/reports/report-rollup.ts';
import { salesReport } from '#server/modules/reports/sales-report.ts';
import { generateCatalogue, openGeneratorDatabase } from './catalog-generator.ts';
import { createScratchDatabase } from './postgres-database.ts';
import { percentile, round } from './stats.ts';

export interface ReportQueryResult {
  orders: number;
  generateSeconds: number;
  /** the first roll-up of every order */
  rollUpSeconds: number;
  iterations: number;
  /** one read of the tab's reports over a year, one after the other: catch-up, sales with the year before, top products, tax */
  p50Ms: number;
  p95Ms: number;
  /** each read's p95 alone (the catch-up finding nothing new, sales with the year before, top products, tax) */
  partsP95Ms: Record<string, number>;
}

const STATES = ['TX', 'CA', 'NY', 'FL', 'WA', 'OR', 'NV', 'IL', 'GA', 'CO'];

/** Paid orders spread over the last two years: one line each, 1 to 3 units, some with a coupon, some refunded. */
async function generateOrders(db: Database, count: number, variants: number): Promise<void> {
  await db.execute(sql`
    insert into orders (order_number, customer_email, customer_name, status, subtotal, total, state, payment_status, tax_total,
      shipping_total, discount_total, coupon_code, refunded_total, created_at, updated_at)
    select 'GEN-' || g, 'customer' || (g::bigint * 7919) % 200000 || '@example.com', 'Customer ' || g, 'delivered',
      v.price * q.units, v.price * q.units + 5.99 + round(v.price * q.units * 0.08, 2) - d.discount,
      (${sql.raw(`array['${STATES.join("','")}']`)})[1 + g % ${STATES.length}],
      case when g % 50 = 0 then 'refunded' else 'succeeded' end,
      round(v.price * q.units * 0.08, 2), 5.99, d.discount, case when d.discount > 0 then 'SAVE10' end,
      case when g % 50 = 0 then v.price * q.units + 5.99 + round(v.price * q.units * 0.08, 2) - d.discount else 0 end,
      t.at, t.at
    from generate_series(1, ${count}) g
    join product_variants v on v.id = 1 + g % ${variants}
    cross join lateral (select 1 + g % 3 as units) q
    cross join lateral (select case when g % 10 = 0 then 5.00 else 0 end as discount) d
    cross join lateral (select now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute' as at) t
  `);
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, variant_id, sku, quantity, price, discount_allocated, tax_allocated)
    select o.id, v.product_id, p.name, v.id, v.sku, (o.subtotal / v.price)::int, v.price, o.discount_total, o.tax_total
    from orders o
    join product_variants v on v.id = 1 + substr(o.order_number, 5)::int % ${variants}
    join products p on p.id = v.product_id
  `);
  await db.execute(sql`
    insert into order_events (order_id, event, from_status, to_status, from_payment_status, to_payment_status, actor, created_at)
    select id, 'pay', 'pending', 'processing', 'pending', 'succeeded', 'system', created_at from orders
  `);
  await db.execute(sql`analyze`);
}

async function time(iterations: number, run: () => Promise<unknown>): Promise<{ p50Ms: number; p95Ms: number }> {
  for (let index = 0; index < 3; index += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50Ms: round(percentile(samples, 50), 1), p95Ms: round(percentile(samples, 95), 1) };
}

export async function measureReportQueries(options: { orders?: number; iterations?: number } = {}): Promise<ReportQueryResult> {
  const { orders = Number(process.env.REPORT_BENCH_ORDERS ?? 1_000_000), iterations = 30 } = options;
  const scratch = await createScratchDatabase('reports');
  try {
    const database = await openGeneratorDatabase(scratch.url);
    try {
      await database.migrate();
      const generating = performance.now();
      const { variants } = await generateCatalogue(database.db, 500);
      await generateOrders(database.db, orders, variants);
      const generateSeconds = round((performance.now() - generating) / 1000, 1);
      const rolling = performance.now();
      await catchUpReports(database.db);
      const rollUpSeconds = round((performance.now() - rolling) / 1000, 1);
      const today = new Date().toISOString().slice(0, 10);
      const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const range = { from: yearAgo, to: today, interval: 'day' as const };
      const parts: Record<string, number[]> = { 'catch-up': [], sales: [], top: [], tax: [] };
      const timed = async (part: string, work: () => Promise<unknown>) => {
        const started = performance.now();
        await work();
        parts[part]!.push(performance.now() - started);
      };
      const timing = await time(iterations, async () => {
        await timed('catch-up', () => catchUpReports(database.db));
        await timed('sales', () => salesReport(database.db, range));
        await timed('top', () => topReport(database.db, range, 'product'));
        await timed('tax', () => taxReport(database.db, range));
      });
      const partsP95Ms = Object.fromEntries(Object.entries(parts).map(([part, samples]) => [part, round(percentile(samples, 95), 1)]));
      return { orders, generateSeconds, rollUpSeconds, iterations, ...timing, partsP95Ms };
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureReportQueries());
