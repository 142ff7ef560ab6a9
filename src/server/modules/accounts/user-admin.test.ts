import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailList, UserRow } from '#common/schemas/admin-users.ts';
import { users } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { setUserAdmin } from './user-admin-service.ts';

let t: TestApp;
let admin: SignedIn;
let shopper: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true, username: 'boss', email: 'boss@shop.test' });
  shopper = await t.signIn({ username: 'shopper', email: 'shopper@example.com' });
  await t.db.insert(users).values({ username: 'noemail', email: null, passwordHash: 'x' });
});
afterAll(() => t.close());

const setAdmin = (who: SignedIn, id: number, isAdmin: unknown) => who.inject({ method: 'PATCH', url: `/api/users/${id}/admin`, payload: { isAdmin } });
const isAdminInDb = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.isAdmin;

describe('user admin guards', () => {
  it('refuses anonymous (401) and regular users (403), changing nothing', async () => {
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/users' },
        { method: 'GET', url: '/api/users/emails' },
        { method: 'PATCH', url: `/api/users/${shopper.id}/admin`, payload: { isAdmin: true } },
      ],
      () => t.db.select().from(users).orderBy(users.id),
    );
  });

  it('does not let a user make themself admin', async () => {
    expect((await setAdmin(shopper, shopper.id, true)).statusCode).toBe(403);
    expect(await isAdminInDb(shopper.id)).toBe(false);
  });
});

describe('GET /api/users', () => {
  it('lists users without password hashes', async () => {
    const res = await admin.inject({ url: '/api/users' });
    expect(res.statusCode).toBe(200);
    // personal data: never kept in a browser or proxy cache
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = res.json() as unknown[];
    for (const row of rows)
      expect(Object.keys(UserRow.strict().parse(row)).sort()).toEqual(['createdAt', 'email', 'id', 'isAdmin', 'marketingConsent', 'username']);
    expect(rows).toContainEqual(expect.objectContaining({ username: 'boss', isAdmin: true, email: 'boss@shop.test' }));
    expect(rows).toContainEqual(expect.objectContaining({ username: 'noemail', email: null, isAdmin: false }));
    expect(res.body).not.toMatch(/password|scrypt/i);
  });
});

describe('GET /api/users/emails', () => {
  it('answers only the addresses on file', async () => {
    const res = await admin.inject({ url: '/api/users/emails' });
    const { emails } = EmailList.parse(res.json());
    expect(emails).toContain('boss@shop.test');
    expect(emails).toContain('shopper@example.com');
    expect(emails).not.toContain(null);
    expect(emails.length).toBe((await t.db.select().from(users)).filter((u) => u.email).length);
  });
});

describe('PATCH /api/users/:id/admin', () => {
  it("grants and removes another user's admin rights", async () => {
    const on = await setAdmin(admin, shopper.id, true);
    expect(on.statusCode).toBe(200);
    expect(UserRow.parse(on.json())).toMatchObject({ id: shopper.id, isAdmin: true });
    // the session sees the new right at once
    expect((await shopper.inject({ url: '/api/users' })).statusCode).toBe(200);
    const off = await setAdmin(admin, shopper.id, false);
    expect(off.json()).toMatchObject({ id: shopper.id, isAdmin: false });
    expect((await shopper.inject({ url: '/api/users' })).statusCode).toBe(403);
  });

  it('refuses an admin removing their own rights', async () => {
    await setAdmin(admin, shopper.id, true);
    const res = await setAdmin(admin, admin.id, false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot remove your own admin rights' });
    expect(await isAdminInDb(admin.id)).toBe(true);
    await setAdmin(admin, shopper.id, false);
  });

  it('never leaves the shop without an admin when two demote each other at once', async () => {
    const second = await t.signIn({ admin: true });
    const [a, b] = await Promise.all([setAdmin(admin, second.id, false), setAdmin(second, admin.id, false)]);
    // the loser is refused by the lock (409) or, when the winner already finished, by the guard (403)
    const [winner, loser] = [a, b].sort((x, y) => x.statusCode - y.statusCode);
    expect(winner!.statusCode).toBe(200);
    expect([403, 409]).toContain(loser!.statusCode);
    if (loser!.statusCode === 409) expect(loser!.json()).toEqual({ message: 'The shop must keep at least one admin' });
    expect((await t.db.select().from(users)).filter((u) => u.isAdmin)).toHaveLength(1);
    // restore the main admin for later tests
    if (!(await isAdminInDb(admin.id))) await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, admin.id));
  });

  it('lets exactly one of two simultaneous mutual demotions through (service level, no guard in between)', async () => {
    await t.db.update(users).set({ role: null });
    const [x, y] = await t.db
      .insert(users)
      .values([
        { username: 'x-admin', passwordHash: 'x', role: 'owner' },
        { username: 'y-admin', passwordHash: 'x', role: 'owner' },
      ])
      .returning();
    const results = await Promise.allSettled([setUserAdmin(t.db, x!.id, y!.id, false), setUserAdmin(t.db, y!.id, x!.id, false)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { kind: 'conflict' } });
    expect((await t.db.select().from(users)).filter((u) => u.isAdmin)).toHaveLength(1);
    await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, admin.id));
  });

  it('validates the body and answers 404 for an unknown user', async () => {
    expect((await setAdmin(admin, shopper.id, 'sure')).json()).toMatchObject({ issues: [{ path: 'isAdmin', message: 'isAdmin must be true or false' }] });
    expect((await setAdmin(admin, 999_999, true)).statusCode).toBe(404);
    expect((await admin.inject({ method: 'PATCH', url: '/api/users/0/admin', payload: { isAdmin: true } })).statusCode).toBe(400);
  });
});
