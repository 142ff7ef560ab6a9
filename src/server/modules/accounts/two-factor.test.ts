import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingLogins, recoveryCodes, sessions, users } from '#server/db/schema.ts';
import { TWO_FACTOR_SETUP_NEEDED } from '#server/http/auth.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { WRONG_CURRENT_PASSWORD } from './current-password.ts';
import { ACCOUNT_LOCKED } from './routes.ts';
import { CURRENT_SESSION, SESSION_NOT_FOUND } from './session-list.ts';
import { TWO_FACTOR_OFF } from './two-factor-routes.ts';
import { ALREADY_ENABLED, ENROL_YOURSELF_FIRST, REQUIRED_BY_SHOP, SIGN_IN_EXPIRED, STAFF_ONLY, WRONG_CODE } from './two-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
// a fresh client address per request: the per-IP limit is the sign-in's, tested with it
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const post = (me: SignedIn, url: string, payload?: object) => me.inject({ method: 'POST', url, payload: payload ?? {}, remoteAddress: nextIp() });
const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextIp(), payload: { username, password }, headers });
const secondStep = (loginToken: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login/two-factor',
    remoteAddress: nextIp(),
    payload: { loginToken, code },
    headers: { origin: 'http://localhost:80' },
  });

/** The code the app shows `steps` periods from now (a later step than the last accepted one is a fresh code). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** An admin with two-factor sign-in on; answers the secret and the recovery codes. */
async function enrolledAdmin(): Promise<{ me: SignedIn; secret: string; recoveryCodes: string[] }> {
  const me = await t.signIn({ admin: true });
  const setup = await post(me, '/api/account/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUri, qrSvg } = setup.json();
  expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
  expect(qrSvg).toMatch(/^<svg/);
  const confirm = await post(me, '/api/account/two-factor/confirm', { code: await codeAt(secret, -1) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { me, secret, recoveryCodes: confirm.json().recoveryCodes };
}

async function challenge(me: SignedIn): Promise<string> {
  const first = await login(me.username, me.password);
  expect(first.statusCode, first.body).toBe(202);
  expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  expect(first.json()).toMatchObject({ twoFactorRequired: true });
  return first.json().loginToken;
}

describe('enrolment', () => {
  it('a secret, then the first code turns it on and answers ten single-use recovery codes, kept only as hashes', async () => {
    const { me, recoveryCodes: codes } = await enrolledAdmin();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((row) => row.codeHash)).not.toContain(code);
    const status = await me.inject({ method: 'GET', url: '/api/account/two-factor' });
    expect(status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const again = await post(me, '/api/account/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_ENABLED);
  });

  it('a wrong first code leaves it off, beside the code field', async () => {
    const me = await t.signIn({ admin: true });
    const { secret } = (await post(me, '/api/account/two-factor/setup')).json();
    const good = await codeAt(secret);
    const wrong = good === '000000' ? '111111' : '000000';
    const response = await post(me, '/api/account/two-factor/confirm', { code: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: WRONG_CODE, issues: [{ path: 'code', message: WRONG_CODE }] });
    const [row] = await t.db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, me.id));
    expect(row!.enabledAt).toBeNull();
  });

  it('is for staff: a shopper is refused; anonymous is 401', async () => {
    const shopper = await t.signIn();
    const response = await post(shopper, '/api/account/two-factor/setup');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(STAFF_ONLY);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: { origin: 'http://localhost:80' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signing in with two-factor', () => {
  it('the password alone gives a login token and no session; the code gives the session, once', async () => {
    const { me, secret } = await enrolledAdmin();
    const loginToken = await challenge(me);
    const code = await codeAt(secret, 1);
    const second = await secondStep(loginToken, code);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ username: me.username, isAdmin: true, twoFactor: { enabled: true, required: false } });
    const cookie = second.cookies.find((c) => c.name === 'sid');
    expect(cookie).toBeDefined();
    const who = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `sid=${cookie!.value}` } });
    expect(who.statusCode).toBe(200);

    // the token is spent, and the same code is no good again even with a new token
    const replayed = await secondStep(loginToken, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(SIGN_IN_EXPIRED);
    const reused = await secondStep(await challenge(me), code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(WRONG_CODE);
  });

  it('a wrong code is refused and counts in the sign-in back-off; the token stays for another try until the name is locked', async () => {
    const { me, secret } = await enrolledAdmin();
    const loginToken = await challenge(me);
    const good = await codeAt(secret, 1);
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const response = await secondStep(loginToken, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(WRONG_CODE);
    }
    const fifth = await secondStep(loginToken, wrong);
    expect(fifth.statusCode).toBe(400);
    const locked = await secondStep(loginToken, good);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ACCOUNT_LOCKED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // knowing the password does not reset the count
    const again = await login(me.username, me.password);
    expect(again.statusCode).toBe(429);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const { me, recoveryCodes: codes } = await enrolledAdmin();
    const spelled = codes[0]!.toUpperCase().replace('-', '');
    const first = await secondStep(await challenge(me), spelled);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await secondStep(await challenge(me), codes[0]!);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(WRONG_CODE);
    const status = await me.inject({ method: 'GET', url: '/api/account/two-factor' });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('an expired or unknown login token is refused: the form starts again from the password', async () => {
    const { me, secret } = await enrolledAdmin();
    const loginToken = await challenge(me);
    await t.db
      .update(pendingLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingLogins.userId, me.id));
    const expired = await secondStep(loginToken, await codeAt(secret, 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(SIGN_IN_EXPIRED);
    const unknown = await secondStep('not-a-token', await codeAt(secret, 1));
    expect(unknown.statusCode).toBe(401);
    const bad = await secondStep(loginToken, '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Code is required');
  });

  it('a user without two-factor signs in as the spec says: 200 with the user object and a session', async () => {
    const me = await t.signIn();
    const response = await login(me.username, me.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: me.username, isAdmin: false });
    expect(response.cookies.find((c) => c.name === 'sid')).toBeDefined();
  });
});

describe('turning it off', () => {
  it('needs the password and a code; a wrong password or code is refused', async () => {
    const { me, secret } = await enrolledAdmin();
    const code = await codeAt(secret, 1);
    const wrongPassword = await post(me, '/api/account/two-factor/disable', { password: 'not-it-at-all', code });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(WRONG_CURRENT_PASSWORD);
    const wrongCode = await post(me, '/api/account/two-factor/disable', { password: me.password, code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe(WRONG_CODE);
    const off = await post(me, '/api/account/two-factor/disable', { password: me.password, code });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(TWO_FACTOR_OFF);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id))).toHaveLength(0);
    expect((await login(me.username, me.password)).statusCode).toBe(200);
  });
});

describe('the owner requires two-factor of every admin', () => {
  it('is refused while the owner has none; once on, an admin without it is kept out of admin routes until enrolled', async () => {
    const owner = await t.signIn({ admin: true });
    const early = await owner.inject({ method: 'PUT', url: '/api/admin/security', payload: { requireAdminTwoFactor: true } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ENROL_YOURSELF_FIRST);

    const { me: enrolledOwner, secret } = await enrolledAdmin();
    const on = await enrolledOwner.inject({ method: 'PUT', url: '/api/admin/security', payload: { requireAdminTwoFactor: true } });
    expect(on.statusCode, on.body).toBe(200);
    try {
      const staff = await t.signIn({ admin: true });
      const who = await staff.inject({ method: 'GET', url: '/api/user' });
      expect(who.json().twoFactor).toEqual({ enabled: false, required: true });
      const blocked = await staff.inject({ method: 'GET', url: '/api/users' });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(TWO_FACTOR_SETUP_NEEDED);
      expect((await enrolledOwner.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
      // a shopper is not asked for it
      const shopper = await t.signIn();
      expect((await shopper.inject({ method: 'GET', url: '/api/user' })).json().twoFactor).toEqual({ enabled: false, required: false });

      const { secret: staffSecret } = (await post(staff, '/api/account/two-factor/setup')).json();
      expect((await post(staff, '/api/account/two-factor/confirm', { code: await codeAt(staffSecret) })).statusCode).toBe(200);
      expect((await staff.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);

      const off = await post(enrolledOwner, '/api/account/two-factor/disable', { password: enrolledOwner.password, code: await codeAt(secret, 1) });
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toBe(REQUIRED_BY_SHOP);

      const shopperSets = await shopper.inject({ method: 'PUT', url: '/api/admin/security', payload: { requireAdminTwoFactor: false } });
      expect(shopperSets.statusCode).toBe(403);
      const badBody = await enrolledOwner.inject({ method: 'PUT', url: '/api/admin/security', payload: { requireAdminTwoFactor: 'yes' } });
      expect(badBody.statusCode).toBe(400);
    } finally {
      await enrolledOwner.inject({ method: 'PUT', url: '/api/admin/security', payload: { requireAdminTwoFactor: false } });
    }
  });
});

describe("one's own sessions", () => {
  it('lists them with browser, address and times; ends another one or all others, never the current one this way', async () => {
    const me = await t.signIn();
    const other = await login(me.username, me.password, { 'user-agent': 'Phone Browser 1.0' });
    const third = await login(me.username, me.password, { 'user-agent': 'Tablet Browser 2.0' });
    const otherCookie = `sid=${other.cookies.find((c) => c.name === 'sid')!.value}`;
    const thirdCookie = `sid=${third.cookies.find((c) => c.name === 'sid')!.value}`;

    const list = await me.inject({ method: 'GET', url: '/api/account/sessions' });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: string; current: boolean; userAgent: string | null; ip: string | null; lastSeenAt: string | null }[];
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.current)).toHaveLength(1);
    const phone = rows.find((row) => row.userAgent === 'Phone Browser 1.0')!;
    expect(phone.ip).toMatch(/^10\.9\./);
    expect(phone.lastSeenAt).not.toBeNull();
    const stored = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, me.id));
    for (const row of rows) expect(stored.map((s) => s.id)).not.toContain(row.id);

    const current = rows.find((row) => row.current)!;
    const selfEnd = await me.inject({ method: 'DELETE', url: `/api/account/sessions/${current.id}` });
    expect(selfEnd.statusCode).toBe(400);
    expect(selfEnd.json().message).toBe(CURRENT_SESSION);

    const ended = await me.inject({ method: 'DELETE', url: `/api/account/sessions/${phone.id}` });
    expect(ended.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    const again = await me.inject({ method: 'DELETE', url: `/api/account/sessions/${phone.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SESSION_NOT_FOUND);

    // someone else's session is not found either
    const stranger = await t.signIn();
    const strangerRows = (await stranger.inject({ method: 'GET', url: '/api/account/sessions' })).json() as { id: string }[];
    expect((await me.inject({ method: 'DELETE', url: `/api/account/sessions/${strangerRows[0]!.id}` })).statusCode).toBe(404);

    const others = await me.inject({ method: 'POST', url: '/api/account/sessions/end-others' });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: thirdCookie } })).statusCode).toBe(401);
    expect((await me.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});
