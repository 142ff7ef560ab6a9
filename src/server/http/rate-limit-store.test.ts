import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { countHit, deleteEndedWindows } from './rate-limit-store.ts';

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ AUTH_RATE_LIMIT: '4' });
  // a second server on the same database (its own pool on PostgreSQL)
  second = await createTestApp({ AUTH_RATE_LIMIT: '4' }, { shareDatabaseWith: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

// a new name each time: the per-account back-off is not what is tested here
let attempt = 0;
const login = (t: TestApp, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: `nobody${(attempt += 1)}`, password: 'wrong password' } });

describe('rate limits in the database', () => {
  it('are shared by every instance on it', async () => {
    expect((await login(first, '10.5.0.1')).statusCode).toBe(401);
    expect((await login(second, '10.5.0.1')).statusCode).toBe(401);
    expect((await login(first, '10.5.0.1')).statusCode).toBe(401);
    expect((await login(second, '10.5.0.1')).statusCode).toBe(401);
    const limited = await login(first, '10.5.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(second, '10.5.0.1')).statusCode).toBe(429);
  });

  it('count concurrent hits exactly', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => countHit(first.db, 'concurrent', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const { ttl } of results) expect(ttl).toBeGreaterThan(55_000);
  });

  it('are kept in an unlogged table: no WAL and no flush per hit, and a crash only restarts the windows', async () => {
    const { rows } = (await first.db.execute(sql`select relpersistence from pg_class where oid = 'rate_limit_hits'::regclass`)) as unknown as {
      rows: Array<{ relpersistence: string }>;
    };
    expect(rows[0]?.relpersistence).toBe('u');
  });

  it('start a new window once the old one has ended, and forget ended windows', async () => {
    await countHit(first.db, 'window', 60_000);
    await countHit(first.db, 'window', 60_000);
    await first.db
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '2 minutes'` })
      .where(eq(rateLimitHits.key, 'window'));
    await deleteEndedWindows(first.db);
    expect(await first.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'window'))).toEqual([]);
    await countHit(first.db, 'window', 60_000);
    await first.db
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'window'));
    expect((await countHit(first.db, 'window', 60_000)).current).toBe(1);
  });

  it('let requests through when the database fails, rather than answering 500', async () => {
    await first.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      for (let i = 0; i < 6; i += 1) expect((await login(first, '10.5.0.9')).statusCode).toBe(401);
    } finally {
      await first.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
  });
});
