// The growth tier's shop (issue 35, decision 070): 50,000 products / 300,000 variants, 200,000 customers and
// 1,000,000 orders over three years with their lines and payments, times GROWTH_SCALE. Written by set
// statements (generate_series, insert ... select) into a database whose schema the shop's migrations made;
// every "random" choice is a hash of the row's number and the seed (hashint8extended), so one seed and one
// anchor time give the same shop on every run, in any plan PostgreSQL picks. The catalogue is the listing
// bench's (catalog-generator.ts: search terms and facet values written by the shop's refreshProductTerms);
// the reports' roll-ups are filled by the shop's own catch-up, as a running shop's schedule fills them.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { catchUpReports } from '#server/modules/reports/report-rollup.ts';
import { generateCatalogue } from './catalog-generator.ts';
import { round } from './stats.ts';

const FULL_SIZE = { products: 50_000, customers: 200_000, orders: 1_000_000 };
/** Three years of orders, in minutes. */
const SPAN_MINUTES = 3 * 365 * 24 * 60;

export interface GrowthOptions {
  /** 1 is the full tier; 0.02 a 1,000-product copy for tests and quick runs */
  scale: number;
  seed: number;
  /** the newest order's time: the same anchor and seed make the same orders */
  anchor: Date;
}

export interface GrowthShop {
  products: number;
  variants: number;
  customers: number;
  orders: number;
  orderLines: number;
  /** wall time of each step, seconds */
  seconds: { catalogue: number; customers: number; orders: number; vacuum: number; reportRollUp: number };
}

export function growthOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): GrowthOptions {
  const scale = Number(env.GROWTH_SCALE ?? 1);
  const seed = Number(env.GROWTH_SEED ?? 35);
  if (!(scale > 0 && scale <= 1)) throw new Error(`GROWTH_SCALE must be in (0, 1]: ${env.GROWTH_SCALE}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`GROWTH_SEED must be an integer: ${env.GROWTH_SEED}`);
  // the minute the run starts: reports over "the last three years" then cover every order
  const anchor = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  return { scale, seed, anchor };
}

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Wei',
  'Aisha',
  'Dmitri',
  'Priya',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Nguyen',
  'Patel',
  'Kim',
];
const STATES = ['TX', 'CA', 'NY', 'FL', 'WA', 'OR', 'NV', 'IL', 'GA', 'CO', 'AZ', 'NC', 'OH', 'PA', 'MI'];
const CITIES = ['Austin', 'Fresno', 'Albany', 'Tampa', 'Spokane', 'Salem', 'Reno', 'Peoria', 'Macon', 'Boulder', 'Tempe', 'Durham', 'Akron', 'Erie', 'Flint'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'example.com'];

const textArray = (values: readonly string[]) => sql.raw(`(array['${values.map((value) => value.replace(/'/g, "''")).join("','")}'])`);

/** A number in [0, n) drawn from row number `row` (an SQL expression) and the seed, salted so each choice of a row is independent. */
function drawText(seed: number, row: string, salt: number, n: number): string {
  return `((hashint8extended((${row})::bigint, ${seed * 1000 + salt}) & 2147483647) % ${n})`;
}

function draw(seed: number, row: string, salt: number, n: number): SQL {
  return sql.raw(drawText(seed, row, salt, n));
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return round((performance.now() - started) / 1000, 1);
}

async function one<T>(db: Database, query: SQL): Promise<T> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

async function generateCustomers(db: Database, { seed, anchor }: GrowthOptions, count: number): Promise<void> {
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const domains = textArray(DOMAINS);
  // no password opens these accounts ('!' is no hash the shop writes); the accounts are for the lists and joins
  await db.execute(sql`
    insert into users (username, email, full_name, password_hash, marketing_consent, created_at)
    select 'customer' || g, lower(n.first) || '.' || lower(n.last) || g || '@' || ${domains}[1 + ${draw(seed, 'g', 1, DOMAINS.length)}],
      n.first || ' ' || n.last, '!', ${draw(seed, 'g', 2, 3)} = 0,
      ${anchor.toISOString()}::timestamptz - (${draw(seed, 'g', 3, SPAN_MINUTES + 60 * 24 * 90)} || ' minutes')::interval
    from generate_series(1, ${count}) g
    cross join lateral (select ${first}[1 + ${draw(seed, 'g', 4, FIRST_NAMES.length)}] as first,
      ${last}[1 + ${draw(seed, 'g', 5, LAST_NAMES.length)}] as last) n`);
}

/**
 * Orders with one to four lines (half of them one), 1-3 units a line (most 1), of any variant. Placed over three years,
 * more of them lately (a growing shop: the age is the span times 1 - sqrt(u)). Three in four by a customer's
 * account, the rest as guests. About 9 % never paid (expired, declined, cancelled or still open); of the paid,
 * the last two days' are processing, the last week's shipped, older ones delivered, and a few cancelled and
 * refunded or refunded in part. A tenth carry a 10 % coupon; tax 8 %, shipping 5.99 under $100.
 */
async function generateOrders(db: Database, { seed, anchor }: GrowthOptions, count: number, customers: number): Promise<void> {
  const variants = await one<{ low: number; count: number }>(db, sql`select min(id)::int as low, count(*)::int as count from product_variants`);
  const firstCustomer = await one<{ id: number }>(db, sql`select min(id)::int as id from users where username = 'customer1'`);
  const line = (salt: number, n: number) => drawText(seed, 'g * 4 + k', salt, n);
  // each line's variant and units, a function of (order, line): the orders' totals and their lines agree
  const lines = sql.raw(`(
    select g, k, v.id as variant_id, v.product_id, v.sku, v.price, (array[1, 1, 1, 1, 1, 1, 1, 2, 2, 3])[1 + ${line(12, 10)}] as quantity
    from generate_series(1, o.line_count) k
    join product_variants v on v.id = ${variants.low} + ${line(11, variants.count)}
  )`);
  await db.execute(sql`
    create temporary table growth_orders on commit preserve rows as
    select g, a.placed_at, a.line_count, a.fate, c.customer, c.guest
    from generate_series(1, ${count}) g
    cross join lateral (select
      ${anchor.toISOString()}::timestamptz - (floor(${SPAN_MINUTES} * (1 - sqrt(${draw(seed, 'g', 6, 1_000_000)} / 1000000.0))) || ' minutes')::interval as placed_at,
      (array[1, 1, 1, 1, 1, 2, 2, 2, 3, 4])[1 + ${draw(seed, 'g', 7, 10)}] as line_count,
      ${draw(seed, 'g', 8, 1000)} as fate) a
    cross join lateral (select 1 + ${draw(seed, 'g', 9, customers)} as customer, ${draw(seed, 'g', 10, 4)} = 0 as guest) c`);
  await db.execute(sql`analyze growth_orders`);
  await db.execute(sql`
    insert into orders (id, order_number, user_id, customer_email, customer_name, status, subtotal, total, street, city, state, zip_code,
      phone, payment_status, payment_provider, provider_payment_id, card_brand, card_last4, tax_total, shipping_total, discount_total,
      coupon_code, refunded_total, delivered_at, expires_at, created_at, updated_at)
    select o.g, 'PB-G' || lpad(o.g::text, 7, '0'), case when o.guest then null else u.id end,
      case when o.guest then 'guest' || o.g || '@example.net' else u.email end, u.full_name,
      s.status, m.subtotal, m.subtotal - m.discount + m.shipping + m.tax,
      (100 + o.g % 9800) || ' ' || (array['Oak', 'Pine', 'Maple', 'Cedar', 'Elm'])[1 + o.g % 5] || ' St',
      ${textArray(CITIES)}[1 + o.g % ${CITIES.length}], ${textArray(STATES)}[1 + o.g % ${STATES.length}], lpad((o.g % 99999)::text, 5, '0'),
      '555-' || lpad((o.g % 10000)::text, 4, '0'), s.payment, 'simulator', 'sim_growth_' || o.g,
      (array['visa', 'mastercard', 'amex'])[1 + o.g % 3], lpad((o.g % 10000)::text, 4, '0'),
      m.tax, m.shipping, m.discount, case when m.discount > 0 then 'SAVE10' end,
      case s.payment when 'refunded' then m.subtotal - m.discount + m.shipping + m.tax when 'partially_refunded' then round(m.subtotal / 4, 2) else 0 end,
      case when s.status = 'delivered' then o.placed_at + interval '4 days' end,
      o.placed_at + interval '30 minutes', o.placed_at, o.placed_at + case when s.payment in ('succeeded', 'partially_refunded', 'refunded') then interval '4 days' else interval '30 minutes' end
    from growth_orders o
    join users u on u.id = ${firstCustomer.id} + o.customer - 1
    cross join lateral (select coalesce(sum(l.price * l.quantity), 0) as goods from ${lines} l) t
    cross join lateral (select t.goods as subtotal,
      case when ${draw(seed, 'o.g', 13, 10)} = 0 then round(t.goods * 0.10, 2) else 0 end as discount,
      case when t.goods >= 100 then 0 else 5.99 end as shipping,
      round(t.goods * 0.9 * 0.08, 2) as tax) m
    cross join lateral (select case
      when o.fate < 50 then 'expired' when o.fate < 70 then 'failed' when o.fate < 85 then 'cancelled'
      when o.fate < 90 and o.placed_at > ${anchor.toISOString()}::timestamptz - interval '30 minutes' then 'pending'
      when o.fate < 920 then 'succeeded' when o.fate < 950 then 'partially_refunded' else 'refunded' end as payment) p
    cross join lateral (select p.payment, case
      when p.payment in ('expired', 'failed', 'cancelled') then 'cancelled'
      when p.payment = 'pending' then 'pending'
      when p.payment = 'refunded' and o.fate < 980 then 'cancelled'
      when o.placed_at > ${anchor.toISOString()}::timestamptz - interval '2 days' then 'processing'
      when o.placed_at > ${anchor.toISOString()}::timestamptz - interval '7 days' then 'shipped'
      else 'delivered' end as status) s`);
  await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, variant_id, sku, quantity, price, discount_allocated, tax_allocated, refunded_quantity, shipped_quantity)
    select l.g, l.product_id, p.name, l.variant_id, l.sku, l.quantity, l.price,
      round(l.price * l.quantity * (r.discount_total / nullif(r.subtotal, 0)), 2), round(l.price * l.quantity * 0.9 * 0.08, 2),
      case r.payment_status when 'refunded' then l.quantity else 0 end,
      case when r.status in ('shipped', 'delivered') then l.quantity else 0 end
    from growth_orders o
    join orders r on r.id = o.g
    cross join lateral ${lines} l
    join products p on p.id = l.product_id`);
  // the history the lifecycle writes: the payment (what the reports file a sale under), then its refund
  await db.execute(sql`
    insert into order_events (order_id, event, from_status, to_status, from_payment_status, to_payment_status, actor, created_at)
    select id, 'pay', 'pending', 'processing', 'pending', 'succeeded', 'system', created_at + interval '1 minute' from orders
    where payment_status in ('succeeded', 'partially_refunded', 'refunded')
    union all
    select id, case payment_status when 'expired' then 'expire' when 'failed' then 'decline' else 'cancel_unpaid' end,
      'pending', 'cancelled', 'pending', payment_status, 'system', created_at + interval '30 minutes' from orders
    where payment_status in ('expired', 'failed', 'cancelled')
    union all
    select id, case when status = 'cancelled' then 'cancel_paid' when payment_status = 'refunded' then 'refund_full' else 'refund_partial' end,
      'processing', status, 'succeeded', payment_status, 'admin:1', updated_at from orders
    where payment_status in ('partially_refunded', 'refunded')`);
  await db.execute(sql`drop table growth_orders`);
}

/** Generates the growth tier's shop into a migrated, empty database. */
export async function generateGrowthShop(db: Database, options: GrowthOptions): Promise<GrowthShop> {
  const size = (full: number) => Math.max(1, Math.round(full * options.scale));
  const seconds = { catalogue: 0, customers: 0, orders: 0, vacuum: 0, reportRollUp: 0 };
  seconds.catalogue = await timed(() => generateCatalogue(db, size(FULL_SIZE.products)));
  seconds.customers = await timed(() => generateCustomers(db, options, size(FULL_SIZE.customers)));
  // the orders' statements look up variants and customers by id: planned without statistics they may scan instead
  await db.execute(sql`analyze users`);
  seconds.orders = await timed(() => generateOrders(db, options, size(FULL_SIZE.orders), size(FULL_SIZE.customers)));
  // what autovacuum does to a shop that grew over years: statistics, and the visibility map index-only scans need
  seconds.vacuum = await timed(() => db.execute(sql`vacuum analyze`));
  seconds.reportRollUp = await timed(async () => {
    await catchUpReports(db);
    // autovacuum analyzes the roll-ups of a shop that grew into them; planned without statistics, the top products spill to disk
    await db.execute(sql`analyze report_orders, report_daily_sales, report_daily_items, report_daily_tax, report_daily_coupons`);
  });
  const counts = await one<Omit<GrowthShop, 'seconds'>>(
    db,
    sql`select (select count(*) from products)::int as products, (select count(*) from product_variants)::int as variants,
      (select count(*) from users where role is null)::int as customers, (select count(*) from orders)::int as orders,
      (select count(*) from order_items)::int as "orderLines"`,
  );
  return { ...counts, seconds };
}
