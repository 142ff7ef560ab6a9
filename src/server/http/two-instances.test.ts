import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, scheduledRuns } from '#server/db/schema.ts';
import { claimScheduledRun } from '#server/db/scheduled-runs.ts';
import { addProduct } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { TTL_MS } from './response-cache.ts';

// Two instances of the shop on one PostgreSQL database, as behind a load balancer (docs/operations.md):
// what one does, the other sees. The shared limits have their own test (rate-limit-store.test.ts).
// The embedded database serves one process only, so this needs a PostgreSQL server in either run.
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_SERVER;
const SKIP_REASON = 'two-instance tests need PostgreSQL: set TEST_POSTGRES_SERVER or DATABASE_URL';
const skip = !serverUrl && !process.env.CI;
if (skip) console.warn(`\n*** SKIPPED src/server/http/two-instances.test.ts: ${SKIP_REASON} ***\n`);

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  if (!serverUrl) throw new Error(`CI is set but no PostgreSQL server is: ${SKIP_REASON}`);
  // production: the catalogue response cache is on, as behind a real load balancer
  first = await createTestApp({ NODE_ENV: 'production' }, { postgresServer: serverUrl });
  second = await createTestApp({ NODE_ENV: 'production' }, { shareDatabaseWith: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const names = (body: string) => (JSON.parse(body) as Array<{ name: string }>).map((product) => product.name);

async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

describe.skipIf(skip)('two instances on one PostgreSQL', () => {
  it('a write on one empties the other one’s cached catalogue reads within a second, well before their time to live', async () => {
    const product = await addProduct(first.db, { name: 'Before Rename' });
    const admin = await first.signIn({ admin: true });
    // the second instance caches the list; a change past the app does not show there
    const filledAt = Date.now();
    expect(names((await second.app.inject({ url: '/api/products' })).body)).toContain('Before Rename');
    await first.db.update(products).set({ name: 'After Rename' }).where(eq(products.id, product.id));
    expect(names((await second.app.inject({ url: '/api/products' })).body)).toContain('Before Rename');

    // the owner's write goes through the first instance
    const write = await admin.inject({ method: 'PATCH', url: `/api/products/${product.id}/featured`, payload: { isFeatured: true } });
    expect(write.statusCode).toBeLessThan(400);
    const fresh = await within(1000, async () => names((await second.app.inject({ url: '/api/products' })).body).includes('After Rename'));
    expect(fresh).toBe(true);
    // seen while the second instance's entry would still have been alive
    expect(Date.now() - filledAt).toBeLessThan(TTL_MS);
  });

  it('a session started on one is valid on the other, and signing out on the other ends it on both', async () => {
    const customer = await first.signIn();
    const onSecond = await second.app.inject({ url: '/api/user', headers: { cookie: customer.cookie } });
    expect(onSecond.statusCode).toBe(200);
    expect(onSecond.json()).toMatchObject({ username: customer.username });
    const out = await second.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: customer.cookie, origin: 'http://localhost:80' } });
    expect(out.statusCode).toBeLessThan(400);
    expect((await first.app.inject({ url: '/api/user', headers: { cookie: customer.cookie } })).statusCode).toBe(401);
  });

  it('background work is taken by one instance per interval, however many ask at once', async () => {
    const everyMs = 60_000;
    const claims = await Promise.all(Array.from({ length: 10 }, (_, index) => claimScheduledRun((index % 2 ? first : second).db, 'test-sweep', everyMs)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimScheduledRun(first.db, 'test-sweep', everyMs)).toBe(false);
    // the interval over, the next claim wins again
    await first.db
      .update(scheduledRuns)
      .set({ startedAt: new Date(Date.now() - everyMs - 1000) })
      .where(eq(scheduledRuns.name, 'test-sweep'));
    expect(await claimScheduledRun(second.db, 'test-sweep', everyMs)).toBe(true);
  });
});
