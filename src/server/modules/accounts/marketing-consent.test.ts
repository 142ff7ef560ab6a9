import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#common/schemas/admin-users.ts';
import { users } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true, username: 'boss', email: 'boss@shop.test' });
});
afterAll(() => t.close());

const origin = 'http://localhost:80';
const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/register', payload, headers: { origin } });
const consentOf = async (id: number) =>
  (await t.db.select({ on: users.marketingConsent, at: users.marketingConsentAt }).from(users).where(eq(users.id, id)))[0]!;

describe('marketing consent', () => {
  it('is off unless ticked at registration, and recorded with its time when ticked', async () => {
    const silent = await register({ username: 'quiet', password: 'paddle-grip-tape-5', email: 'quiet@example.com' });
    expect(silent.statusCode).toBe(201);
    expect(silent.json()).toMatchObject({ marketingConsent: false });
    expect(await consentOf(silent.json().id)).toEqual({ on: false, at: null });

    const before = Date.now();
    const keen = await register({ username: 'keen', password: 'paddle-grip-tape-5', email: 'keen@example.com', marketingConsent: true });
    expect(keen.json()).toMatchObject({ marketingConsent: true });
    const { on, at } = await consentOf(keen.json().id);
    expect(on).toBe(true);
    expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a consent that is not true or false', async () => {
    const res = await register({ username: 'odd', password: 'paddle-grip-tape-5', email: 'odd@example.com', marketingConsent: 'yes please' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Marketing consent must be true or false');
  });

  it('is given and withdrawn in the profile, keeping the first time while it stays given and the name untouched', async () => {
    const me = await t.signIn();
    await me.inject({ method: 'PATCH', url: '/api/user', payload: { fullName: 'Pat Player' } });
    const optIn = await me.inject({ method: 'PATCH', url: '/api/user', payload: { marketingConsent: true } });
    expect(optIn.statusCode).toBe(200);
    expect(optIn.json()).toMatchObject({ marketingConsent: true, fullName: 'Pat Player' });
    const first = (await consentOf(me.id)).at!;
    await me.inject({ method: 'PATCH', url: '/api/user', payload: { marketingConsent: true } });
    expect((await consentOf(me.id)).at).toEqual(first);
    // saving the name alone leaves the consent as it was
    await me.inject({ method: 'PATCH', url: '/api/user', payload: { fullName: 'Pat P.' } });
    expect(await consentOf(me.id)).toEqual({ on: true, at: first });

    const optOut = await me.inject({ method: 'PATCH', url: '/api/user', payload: { marketingConsent: false } });
    expect(optOut.json()).toMatchObject({ marketingConsent: false, fullName: 'Pat P.' });
    expect(await consentOf(me.id)).toEqual({ on: false, at: null });
    expect((await me.inject({ url: '/api/user' })).json()).toMatchObject({ marketingConsent: false });
  });
});

describe('the users list filters', () => {
  it('by role and by consent, with the consent on each row', async () => {
    const res = await admin.inject({ url: '/api/users?consent=yes' });
    const rows = res.json() as UserRow[];
    expect(rows.map((row) => row.username)).toEqual(['keen']);
    expect(rows[0]).toMatchObject({ marketingConsent: true });
    expect((await admin.inject({ url: '/api/users?role=admin' })).json().map((row: UserRow) => row.username)).toEqual(['boss']);
    const regularWithout = await admin.inject({ url: '/api/users?role=regular&consent=no&q=qu' });
    expect(regularWithout.json().map((row: UserRow) => row.username)).toEqual(['quiet']);
    for (const query of ['role=owner', 'consent=maybe']) {
      const refused = await admin.inject({ url: `/api/users?${query}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^Invalid list query: (role|consent): (role|consent) must be one of/);
    }
  });
});

describe('GET /api/users/customers.csv', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/users/customers.csv' })).statusCode).toBe(401);
    const shopper = await t.signIn();
    expect((await shopper.inject({ url: '/api/users/customers.csv' })).statusCode).toBe(403);
  });

  it('has a header row and one quoted row per e-mail, saying whether each customer opted in', async () => {
    await t.db.insert(users).values({ username: 'comma', email: 'comma@example.com', fullName: 'Hopper, "Amazing" Grace', passwordHash: 'x' });
    await t.db.insert(users).values({ username: 'formula', email: 'formula@example.com', fullName: '=HYPERLINK("http://x.test")', passwordHash: 'x' });
    await t.db.insert(users).values({ username: 'noemail', email: null, passwordHash: 'x' });
    const res = await admin.inject({ url: '/api/users/customers.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pickleball-user-emails-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('email,username,full_name,marketing_consent,marketing_consent_at,registered_at');
    expect(lines.at(-1)).toBe('');
    const byEmail = new Map(lines.slice(1, -1).map((line) => [line.split(',')[0], line]));
    expect(res.headers['x-total-count']).toBe(String(byEmail.size));
    expect(byEmail.has('noemail@example.com')).toBe(false);
    expect(byEmail.get('comma@example.com')).toMatch(/^comma@example\.com,comma,"Hopper, ""Amazing"" Grace",no,,\d{4}-/);
    expect(byEmail.get('formula@example.com')).toContain(`"'=HYPERLINK(""http://x.test"")",no,,`);
    expect(byEmail.get('keen@example.com')).toMatch(/^keen@example\.com,keen,,yes,\d{4}-\d{2}-\d{2}T[\d:.]+Z,\d{4}-/);
    expect(byEmail.get('quiet@example.com')).toMatch(/^quiet@example\.com,quiet,,no,,/);
  });
});
