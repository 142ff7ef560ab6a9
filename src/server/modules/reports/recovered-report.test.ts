import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRecoveries, orders } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The Reports tab's "Recovered checkouts": paid orders the reminder module marked as recovered, counted
// on the day they were recovered (shop time zone, America/Chicago by default) with their totals.
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const order = async (email: string, total: string, paymentStatus: 'expired' | 'succeeded') => {
  const [row] = await t.db
    .insert(orders)
    .values({ customerEmail: email, customerName: 'Pat Player', total, paymentStatus, status: paymentStatus === 'succeeded' ? 'processing' : 'cancelled' })
    .returning({ id: orders.id });
  return row!.id;
};

/** A reminded checkout, recovered at `recoveredAt` (UTC) by a paid order of `total`, or still only reminded. */
async function reminded(email: string, remindersSent: number, recovery: { total: string; recoveredAt: string } | null) {
  const abandoned = await order(email, '10.00', 'expired');
  const bought = recovery ? await order(email, recovery.total, 'succeeded') : null;
  await t.db.insert(checkoutRecoveries).values({
    orderId: abandoned,
    email,
    remindersSent,
    status: recovery ? 'recovered' : 'sent',
    recoveredOrderId: bought,
    recoveredAt: recovery ? sql`${recovery.recoveredAt}::timestamptz` : null,
  });
}

describe('recovered checkouts in the reports', () => {
  beforeAll(async () => {
    await reminded('one@example.com', 1, { total: '80.00', recoveredAt: '2026-03-10T15:00:00Z' });
    await reminded('two@example.com', 1, { total: '45.55', recoveredAt: '2026-03-11T15:00:00Z' });
    await reminded('three@example.com', 2, { total: '120.10', recoveredAt: '2026-03-12T15:00:00Z' });
    // 02:00 UTC on the 16th is still the 15th in Chicago: inside a range ending on the 15th
    await reminded('late@example.com', 2, { total: '9.99', recoveredAt: '2026-03-16T02:00:00Z' });
    // before the range, and never recovered: neither counts
    await reminded('early@example.com', 1, { total: '500.00', recoveredAt: '2026-03-01T15:00:00Z' });
    await reminded('gone@example.com', 2, null);
  });

  it('counts the orders and their revenue by the reminder that brought them back, in the range', async () => {
    const response = await admin.inject({ url: '/api/admin/reports/recovered?from=2026-03-05&to=2026-03-15&interval=day' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rows: [
        { reminder: 'First reminder', orders: 2, revenueCents: 12_555 },
        { reminder: 'Second reminder', orders: 2, revenueCents: 13_009 },
      ],
      orders: 4,
      revenueCents: 25_564,
    });
  });

  it('answers an empty range with no rows and zero totals', async () => {
    const response = await admin.inject({ url: '/api/admin/reports/recovered?from=2025-01-01&to=2025-01-31&interval=day' });
    expect(response.json()).toEqual({ rows: [], orders: 0, revenueCents: 0 });
  });

  it('exports the same table as CSV in dollars', async () => {
    const response = await admin.inject({ url: '/api/admin/reports/recovered/export.csv?from=2026-03-05&to=2026-03-15&interval=day' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="report-recovered-2026-03-05-to-2026-03-15.csv"');
    expect(response.body.trim().split(/\r?\n/)).toEqual(['Recovered after,Orders,Revenue', 'First reminder,2,125.55', 'Second reminder,2,130.09']);
  });

  it('refuses a bad range with a 400 and keeps the report from anyone but staff who may read reports', async () => {
    expect((await admin.inject({ url: '/api/admin/reports/recovered?from=2026-03-15&to=2026-03-05&interval=day' })).statusCode).toBe(400);
    const shopper = await t.signIn();
    expect((await shopper.inject({ url: '/api/admin/reports/recovered?from=2026-03-05&to=2026-03-15&interval=day' })).statusCode).toBe(403);
  });
});
