import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { recordLoginFailure } from './login-backoff.ts';

let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  me = await t.signIn();
});
afterAll(() => t.close());

// every attempt from another address: the per-IP limit is not what is tested here
let ip = 0;
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: `10.7.${Math.floor(ip / 250)}.${(ip += 1) % 250}`, payload: { username, password } });
const failuresOf = async (key: string) => (await t.db.select().from(loginFailures).where(eq(loginFailures.key, key)))[0];
const unlock = (key: string) =>
  t.db
    .update(loginFailures)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(loginFailures.key, key));

describe('per-account login back-off', () => {
  it('locks a name after 5 failures with the same 429 whether or not the account exists, even for the right password', async () => {
    let lockedSince = 0;
    for (let i = 0; i < 5; i += 1) {
      // both locks begin with the fifth failures, after this: what is left of their 30 s is bounded by the time since
      if (i === 4) lockedSince = Date.now();
      expect((await login(me.username, 'wrong password')).statusCode).toBe(401);
      expect((await login('no-such-player', 'wrong password')).statusCode).toBe(401);
    }
    const existing = await login(me.username.toUpperCase(), me.password);
    const unknown = await login('No-Such-Player', 'wrong password');
    const waited = Math.ceil((Date.now() - lockedSince) / 1000);
    for (const res of [existing, unknown]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: 'Too many failed sign-in attempts, please try again later' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(30 - waited);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    // the two locks began a moment apart, and were read a moment apart (moments a loaded machine stretches)
    expect(Math.abs(Number(existing.headers['retry-after']) - Number(unknown.headers['retry-after']))).toBeLessThanOrEqual(Math.max(1, waited - 1));
  });

  it('locks for twice as long after each further failure, at most 15 minutes', async () => {
    const key = 'doubling';
    const lockSeconds = async () => {
      const row = await failuresOf(key);
      return Math.round((row!.lockedUntil!.getTime() - Date.now()) / 1000);
    };
    for (let i = 0; i < 5; i += 1) await recordLoginFailure(t.db, key);
    expect(await lockSeconds()).toBeCloseTo(30, -1);
    await recordLoginFailure(t.db, key);
    expect(await lockSeconds()).toBeCloseTo(60, -1);
    await recordLoginFailure(t.db, key);
    expect(await lockSeconds()).toBeCloseTo(120, -1);
    for (let i = 0; i < 30; i += 1) await recordLoginFailure(t.db, key);
    expect(await lockSeconds()).toBeCloseTo(900, -1);
  });

  it('forgets the failures once the right password gets through', async () => {
    const other = await t.signIn();
    for (let i = 0; i < 5; i += 1) await login(other.username, 'wrong password');
    await unlock(other.username.toLowerCase());
    expect((await login(other.username, other.password)).statusCode).toBe(200);
    expect(await failuresOf(other.username.toLowerCase())).toBeUndefined();
  });

  it('starts counting afresh when the last failure is a day old', async () => {
    const key = 'long-ago';
    for (let i = 0; i < 4; i += 1) await recordLoginFailure(t.db, key);
    await t.db
      .update(loginFailures)
      .set({ lastFailureAt: sql`now() - interval '2 days'` })
      .where(eq(loginFailures.key, key));
    await recordLoginFailure(t.db, key);
    expect(await failuresOf(key)).toMatchObject({ failures: 1, lockedUntil: null });
  });
});
