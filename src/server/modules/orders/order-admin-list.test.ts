import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '#common/schemas/orders.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
// ids of the 7 active orders, newest first
let active: number[];
let archivedId: number;

const start = Date.parse('2026-03-01T00:00:00Z');
const customers = [
  { customerName: 'Ann Lee', customerEmail: 'ann@example.com', status: 'pending' },
  { customerName: 'Bob Stone', customerEmail: 'bob@example.com', status: 'shipped' },
  { customerName: 'Cara Diaz', customerEmail: 'CARA@Example.com', status: 'pending' },
  { customerName: 'Dan 50%_off', customerEmail: 'dan@example.org', status: 'delivered' },
  { customerName: 'Eve Ray', customerEmail: 'eve@example.com', status: 'shipped' },
  { customerName: 'Fay Wu', customerEmail: 'fay@example.com', status: 'processing' },
  { customerName: 'Gus Hall', customerEmail: 'gus@example.com', status: 'pending' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const rows = await t.db
    .insert(orders)
    .values(customers.map((c, i) => ({ ...c, total: '10.00', createdAt: new Date(start + i * 60_000) })))
    .returning();
  await t.db
    .insert(orderItems)
    .values(rows.flatMap((row) => [1, 2].map((n) => ({ orderId: row.id, productName: `Item ${n} of ${row.id}`, quantity: n, price: '5.00' }))));
  active = rows.map((row) => row.id).reverse();
  const [archived] = await t.db
    .insert(orders)
    .values({ customerName: 'Ann Lee', customerEmail: 'ann@example.com', total: '1.00', isArchived: true })
    .returning();
  archivedId = archived!.id;
});
afterAll(() => t.close());

async function list(url: string) {
  const res = await admin.inject({ url });
  return { res, ids: res.statusCode === 200 ? (res.json() as OrderView[]).map((order) => order.id) : [], total: res.headers['x-total-count'] };
}

describe('GET /api/orders/active pages', () => {
  it('answers the first page of 50 newest first by default, with the total in X-Total-Count', async () => {
    const { res, ids, total } = await list('/api/orders/active');
    expect(res.statusCode).toBe(200);
    expect(ids).toEqual(active);
    expect(total).toBe('7');
  });

  it('splits the list into pages at the boundaries, each order with its own items', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`/api/orders/active?page=${page}&pageSize=3`)));
    expect(pages.map((page) => page.ids)).toEqual([active.slice(0, 3), active.slice(3, 6), active.slice(6)]);
    expect(pages.every((page) => page.total === '7')).toBe(true);
    const [first] = pages[1]!.res.json() as OrderView[];
    expect(first!.items.map((item) => item.productName)).toEqual([`Item 1 of ${active[3]}`, `Item 2 of ${active[3]}`]);
  });

  it('answers an empty array past the last page, still with the total', async () => {
    const { res, ids, total } = await list('/api/orders/active?page=4&pageSize=3');
    expect(res.statusCode).toBe(200);
    expect(ids).toEqual([]);
    expect(total).toBe('7');
  });

  it('links the neighbouring pages, keeping the filters', async () => {
    const { res } = await list('/api/orders/active?page=2&pageSize=3&status=pending');
    expect(res.headers.link).toBe(
      '</api/orders/active?page=1&pageSize=3&status=pending>; rel="first", </api/orders/active?page=1&pageSize=3&status=pending>; rel="last", </api/orders/active?page=1&pageSize=3&status=pending>; rel="prev"',
    );
    const middle = await list('/api/orders/active?page=2&pageSize=2');
    expect(middle.res.headers.link).toContain('</api/orders/active?page=3&pageSize=2>; rel="next"');
    expect(middle.res.headers.link).toContain('</api/orders/active?page=4&pageSize=2>; rel="last"');
  });

  it('filters by status', async () => {
    const { ids, total } = await list('/api/orders/active?status=shipped');
    expect(ids).toEqual([active[2], active[5]]);
    expect(total).toBe('2');
  });

  it('searches customer name and e-mail in any case, and the order id', async () => {
    expect((await list('/api/orders/active?q=cara%40EXAMPLE')).ids).toEqual([active[4]]);
    expect((await list('/api/orders/active?q=%20stone%20')).ids).toEqual([active[5]]);
    expect((await list(`/api/orders/active?q=%23${active[0]}`)).ids).toEqual([active[0]]);
    expect((await list('/api/orders/active?q=example.com&status=pending&pageSize=2')).ids).toEqual([active[0], active[4]]);
    expect((await list('/api/orders/active?q=example.com&status=pending&pageSize=2')).total).toBe('3');
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list('/api/orders/active?q=50%25_')).ids).toEqual([active[3]]);
    expect((await list('/api/orders/active?q=%25')).ids).toEqual([active[3]]);
    expect((await list('/api/orders/active?q=n_l')).ids).toEqual([]);
  });

  it('keeps the archived list apart', async () => {
    const { ids, total } = await list('/api/orders/archived?q=ann');
    expect(ids).toEqual([archivedId]);
    expect(total).toBe('1');
  });

  it.each([
    ['page=0', 'page: page must be a whole number of at least 1'],
    ['page=abc', 'page: page must be a whole number of at least 1'],
    ['page=1.5', 'page: page must be a whole number of at least 1'],
    ['page=', 'page: page must be a whole number of at least 1'],
    ['page=1&page=2', 'page: page must be a whole number of at least 1'],
    ['page=99999999999', 'page: page must be at most 1000000'],
    ['pageSize=0', 'pageSize: pageSize must be a whole number from 1 to 200'],
    ['pageSize=201', 'pageSize: pageSize must be a whole number from 1 to 200'],
    ['status=canceled', 'status: status must be one of pending, processing, shipped, delivered, cancelled'],
    [`q=${'x'.repeat(201)}`, 'q: q must be at most 200 characters'],
  ])('refuses %s with 400', async (query, message) => {
    for (const side of ['active', 'archived']) {
      const res = await admin.inject({ url: `/api/orders/${side}?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Invalid list query: ${message}`);
    }
  });
});

describe('GET /api/orders/active by date', () => {
  // one order late on the 10th, one late on the 11th, one early on the 12th (UTC)
  let byDay: number[];
  beforeAll(async () => {
    const rows = await t.db
      .insert(orders)
      .values(
        ['2026-04-10T12:00:00Z', '2026-04-11T23:30:00Z', '2026-04-12T00:30:00Z'].map((at) => ({
          customerName: 'Range Kim',
          customerEmail: 'kim@example.net',
          total: '10.00',
          createdAt: new Date(at),
        })),
      )
      .returning();
    byDay = rows.map((row) => row.id);
  });

  const ids = async (query: string) => (await list(`/api/orders/active?q=range&${query}`)).ids.sort((a, b) => a - b);

  it('takes whole days, both ends included', async () => {
    expect(await ids('from=2026-04-11')).toEqual([byDay[1], byDay[2]]);
    expect(await ids('to=2026-04-11')).toEqual([byDay[0], byDay[1]]);
    expect(await ids('from=2026-04-11&to=2026-04-11')).toEqual([byDay[1]]);
    expect((await list('/api/orders/active?q=range&from=2026-04-11&to=2026-04-11')).total).toBe('1');
    expect(await ids('from=2026-04-13')).toEqual([]);
  });

  it("takes the admin's own midnight as an instant with an offset", async () => {
    // the 11th in New York (UTC-4 in April) runs from 04:00Z on the 11th to 04:00Z on the 12th
    expect(await ids(`from=${encodeURIComponent('2026-04-11T00:00:00-04:00')}&to=${encodeURIComponent('2026-04-11T23:59:59.999-04:00')}`)).toEqual([
      byDay[1],
      byDay[2],
    ]);
  });

  it('combines with the status filter and leaves the archived list apart', async () => {
    expect(await ids('from=2026-04-10&status=pending')).toEqual(byDay);
    expect(await ids('from=2026-04-10&status=shipped')).toEqual([]);
    expect((await list('/api/orders/archived?from=2026-04-10&to=2026-04-12')).ids).toEqual([]);
  });

  it.each([
    ['from=2026-02-30', 'from: from must be a date (YYYY-MM-DD) or a date and time with an offset'],
    ['to=yesterday', 'to: to must be a date (YYYY-MM-DD) or a date and time with an offset'],
    ['from=2026-04-12&to=2026-04-11', 'to: to must not be before from'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await admin.inject({ url: `/api/orders/active?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Invalid list query: ${message}`);
  });

  it('treats empty date fields as no range', async () => {
    expect((await list('/api/orders/active?q=range&from=&to=')).total).toBe('3');
  });
});
