import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, scheduledRuns } from '#server/db/schema.ts';
import { claimScheduledRun } from '#server/db/scheduled-runs.ts';
import { multipartBody, samplePng } from '#server/test/admin-test-kit.ts';
import { addProduct } from '#server/test/checkout-fixtures.ts';
import { needPostgresServer } from '#server/test/postgres-server.ts';
import { startTestS3, type TestS3 } from '#server/test/s3-test-server.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { TTL_MS } from './response-cache.ts';

// Two instances of the shop on one PostgreSQL database, as behind a load balancer (docs/operations.md):
// what one does, the other sees; uploaded images are in one S3 bucket (decision 029). The shared limits have
// their own test (rate-limit-store.test.ts).
// The embedded database serves one process only, so this needs a PostgreSQL server in either run.
const postgres = needPostgresServer(import.meta.url);

let s3: TestS3;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  const serverUrl = postgres.url();
  // one bucket for both, as two servers would share one; each instance still has a DATA_DIR of its own
  s3 = await startTestS3();
  // production: the catalogue response cache is on, as behind a real load balancer
  first = await createTestApp({ NODE_ENV: 'production', ...s3.env }, { postgresServer: serverUrl });
  second = await createTestApp({ NODE_ENV: 'production', ...s3.env }, { shareDatabaseWith: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await s3?.stop();
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

describe.skipIf(postgres.skip)('two instances on one PostgreSQL', () => {
  it('a write on one empties the other one’s cached catalogue reads before their time to live', async () => {
    const admin = await first.signIn({ admin: true });
    // the sign-in is a write too: its notice, sent a moment later, must not be what empties the entry below
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A round proves something only if the second instance's entry outlives a change past the app and the
    // write is answered well inside its life: on a busy machine, or with an earlier write's notice landing in
    // between, it may not, and the round is run again.
    for (let round = 1; ; round += 1) {
      const product = await addProduct(first.db, { name: `Before Rename ${round}` });
      // a list of its own each round, so each round's first read fills a new entry
      const list = `/api/products?pageSize=${100 + round}`;
      // the second instance caches the list; a change past the app does not show there
      const filledAt = Date.now();
      expect(names((await second.app.inject({ url: list })).body)).toContain(`Before Rename ${round}`);
      await first.db
        .update(products)
        .set({ name: `After Rename ${round}` })
        .where(eq(products.id, product.id));
      // an earlier write's notice (the sign-in's) may land now and empty the entry: then the round proves nothing
      const stillCached = names((await second.app.inject({ url: list })).body).includes(`Before Rename ${round}`);
      if (!stillCached && round < 5) continue;
      expect(stillCached).toBe(true);

      // the owner's write goes through the first instance
      const write = await admin.inject({ method: 'PATCH', url: `/api/products/${product.id}/featured`, payload: { isFeatured: true } });
      expect(write.statusCode).toBeLessThan(400);
      const left = filledAt + TTL_MS - 500 - Date.now();
      if (left < 500 && round < 5) continue;
      // the notice, not the entry's age, empties it: seen while the second instance's entry would still have been alive
      const fresh = await within(left, async () => names((await second.app.inject({ url: list })).body).includes(`After Rename ${round}`));
      expect(fresh).toBe(true);
      expect(Date.now() - filledAt).toBeLessThan(TTL_MS);
      return;
    }
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

  it('an image uploaded through one is served by the other, and deleted through the other is gone from both', async () => {
    const admin = await first.signIn({ admin: true });
    const logo = await samplePng(320, 200);
    const form = await multipartBody({ name: 'Shared Logo Brand', image: { bytes: logo, filename: 'logo.png', type: 'image/png' } });
    const created = await admin.inject({ method: 'POST', url: '/api/brands', ...form });
    expect(created.statusCode).toBe(201);
    const { id, imageUrl } = created.json() as { id: number; imageUrl: string };

    const fromFirst = await first.app.inject({ url: imageUrl });
    const fromSecond = await second.app.inject({ url: imageUrl });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers['content-type']).toBe('image/webp');
    expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
    // the same tag on both: a browser's cached copy stays good whichever instance it asks
    expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);
    expect((await second.app.inject({ url: imageUrl, headers: { 'if-none-match': fromFirst.headers.etag as string } })).statusCode).toBe(304);
    expect((await second.app.inject({ url: imageUrl.replace('.webp', '-thumb.webp') })).statusCode).toBe(200);

    // the owner deletes the brand through the other instance: its image goes for both
    const onSecond = await second.app.inject({ method: 'DELETE', url: `/api/brands/${id}`, headers: { cookie: admin.cookie, origin: 'http://localhost:80' } });
    expect(onSecond.statusCode).toBeLessThan(300);
    expect((await first.app.inject({ url: imageUrl })).statusCode).toBe(404);
  });
});
