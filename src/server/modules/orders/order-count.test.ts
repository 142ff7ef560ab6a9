import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '#common/schemas/orders.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { EXACT_COUNT_LIMIT, EXACT_SEARCH_COUNT_LIMIT } from './order-count.ts';

// Past EXACT_COUNT_LIMIT orders the admin list's total is PostgreSQL's estimate, said to be one
// (decision 074); below it, and for every filter matching fewer, the exact count as before.
let t: TestApp;
let admin: SignedIn;
const SHIPPED = 7;
const ALL = EXACT_COUNT_LIMIT + 1500;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  // numbered here: 11,500 of the column's random default collide about once in 11 runs (the app retries; SQL does not)
  await t.db.execute(sql`
    insert into orders (order_number, customer_name, customer_email, total, status, payment_status, created_at)
    select 'PB-N' || n, 'Customer ' || n, 'c' || n || '@example.com', 10, case when n <= ${SHIPPED} then 'shipped' else 'processing' end, 'paid',
      now() - n * interval '1 minute'
    from generate_series(1, ${ALL}) n`);
  await t.db.execute(sql`analyze orders`);
}, 60_000);
afterAll(() => t.close());

async function list(query: string) {
  const res = await admin.inject({ url: `/api/orders/active?${query}` });
  expect(res.statusCode).toBe(200);
  return { items: res.json() as OrderView[], total: Number(res.headers['x-total-count']), estimated: res.headers['x-total-count-estimated'] };
}

describe('the admin order list past 10,000 orders', () => {
  it('answers the page with an estimated total, marked as one, rounded to two figures', async () => {
    const { items, total, estimated } = await list('page=1');
    expect(items).toHaveLength(50);
    expect(estimated).toBe('true');
    expect(total % 100).toBe(0);
    // the statistics are of this table: the estimate is near the truth, never below what was counted
    expect(total).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);
    expect(Math.abs(total - ALL) / ALL).toBeLessThan(0.1);
  });

  it('counts a filter matching fewer exactly, without the mark', async () => {
    const { items, total, estimated } = await list('status=shipped');
    expect(items.map((order) => order.status)).toEqual(Array(SHIPPED).fill('shipped'));
    expect(total).toBe(SHIPPED);
    expect(estimated).toBeUndefined();
  });

  it('counts a search exactly up to 1,000 and estimates past it (decision 087)', async () => {
    // "Customer 11" is in 1 + 10 + 100 + 501 names (11, 110-119, 1100-1199, 11000-11500)
    const fewer = await list(`q=${encodeURIComponent('Customer 11')}`);
    expect(fewer.total).toBe(612);
    expect(fewer.estimated).toBeUndefined();
    // "Customer 1": 1 + 10 + 100 + 1,000 + 1,501
    const more = await list(`q=${encodeURIComponent('Customer 1')}`);
    expect(more.items).toHaveLength(50);
    expect(more.estimated).toBe('true');
    expect(more.total).toBeGreaterThanOrEqual(EXACT_SEARCH_COUNT_LIMIT);
  });

  it('samples the names and e-mails the search reads ten times as widely as other columns (migration 0053)', async () => {
    const { rows } = (await t.db.execute(
      sql`select attname, attstattarget from pg_attribute where attrelid = 'orders'::regclass and attname in ('customer_name', 'customer_email') order by attname`,
    )) as unknown as { rows: { attname: string; attstattarget: number }[] };
    expect(rows.map((row) => [row.attname, Number(row.attstattarget)])).toEqual([
      ['customer_email', 1000],
      ['customer_name', 1000],
    ]);
  });

  it('counts exactly at the limit itself', async () => {
    await t.db.execute(sql`update orders set is_archived = true where id in (select id from orders order by id limit ${EXACT_COUNT_LIMIT})`);
    const archived = await admin.inject({ url: '/api/orders/archived' });
    expect(archived.headers['x-total-count']).toBe(String(EXACT_COUNT_LIMIT));
    expect(archived.headers['x-total-count-estimated']).toBeUndefined();
  });
});
