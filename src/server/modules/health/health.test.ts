import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { createReadinessCheck, shippedMigrations } from './readiness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok while the database is reachable', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('GET /api/ready', () => {
  it('answers ready with the schema version when every migration is applied and the tables answer', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const shipped = shippedMigrations();
    expect(res.json()).toEqual({ status: 'ready', database: t.database.driver, schemaVersion: shipped.at(-1)!.tag, migrations: shipped.length });
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const latest = shippedMigrations().at(-1)!;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when}`);
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: `Not ready: database schema is behind: migration ${latest.tag} not applied` });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${latest.when})`);
    }
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('gives up at its deadline when the database does not answer', async () => {
    const silent = { ...t.database, db: { execute: () => new Promise(() => {}) } } as unknown as DatabaseHandle;
    const started = performance.now();
    expect(await createReadinessCheck(silent, { deadlineMs: 100 })()).toEqual({ ready: false, reason: 'database did not answer within 100 ms' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('says when the database is unreachable', async () => {
    const unreachable = { ...t.database, db: { execute: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) } };
    expect(await createReadinessCheck(unreachable as unknown as DatabaseHandle)()).toEqual({ ready: false, reason: 'database is unreachable' });
  });
});

describe('cross-cutting HTTP', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
