import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_CHANGE_REQUESTED } from '#common/schemas/accounts.ts';
import { emailChangeTokens, emailOutbox, passwordResetTokens, sessions, users } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { EMAIL_CHANGED, EMAIL_CHANGES_PER_HOUR, PASSWORD_CHANGED, TOO_MANY_EMAIL_CHANGES } from './account-changes-routes.ts';
import { WRONG_CURRENT_PASSWORD } from './current-password.ts';
import { EMAIL_LINK_INVALID, EMAIL_NOW_TAKEN, SAME_EMAIL } from './email-change.ts';
import { SAME_PASSWORD } from './password-change.ts';
import { WEAK_PASSWORD } from './password-strength.ts';
import { ACCOUNT_LOCKED } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'kitchen-line-erne-7';
let ipCounter = 0;
// a fresh client address per request: the per-IP limit is the sign-in's, tested with it
const nextIp = () => `10.8.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const changeEmail = (me: SignedIn, payload: object) => me.inject({ method: 'POST', url: '/api/account/email', payload, remoteAddress: nextIp() });
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token }, remoteAddress: nextIp(), headers: { origin: 'http://localhost:80' } });
const changePassword = (me: SignedIn, payload: object) => me.inject({ method: 'POST', url: '/api/account/password', payload, remoteAddress: nextIp() });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextIp(), payload: { username, password } });
const mails = (to: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, kind)))
    .orderBy(emailOutbox.id);
const emailOf = async (id: number) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

/** The confirmation goes out after the answer: waits for the n-th one to the address and answers its link's token. */
async function tokenFromMail(to: string, n = 1): Promise<string> {
  const mail = await vi.waitFor(
    async () => {
      const sent = await mails(to, 'email-change-confirm');
      if (sent.length < n) throw new Error(`no confirmation #${n} to ${to} yet`);
      return sent[n - 1]!;
    },
    { timeout: 5000, interval: 20 },
  );
  const link = /https:\/\/shop\.example\/confirm-email\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect(mail.html).toContain(`https://shop.example/confirm-email?token=${link![1]}`);
  return link![1]!;
}

let counter = 0;
const freshEmail = () => `new${++counter}-${Date.now()}@example.com`;

describe('changing the e-mail address', () => {
  it('sends a link to the new address; the address changes only when it is opened, once, and the old address is told', async () => {
    const me = await t.signIn();
    const old = (await emailOf(me.id))!;
    const next = freshEmail();
    const res = await changeEmail(me, { newEmail: `  ${next.toUpperCase()} `, currentPassword: me.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: EMAIL_CHANGE_REQUESTED });
    const token = await tokenFromMail(next);
    expect(await emailOf(me.id)).toBe(old);
    // only the token's hash is kept
    const [stored] = await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, me.id));
    expect(stored!.id).not.toContain(token);
    expect(stored!.newEmail).toBe(next);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_CHANGED, email: next });
    expect(await emailOf(me.id)).toBe(next);
    const [notice] = await mails(old, 'email-changed');
    expect(notice!.text).toContain(next);
    // single use
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: EMAIL_LINK_INVALID });
    // the profile reads the new address, and signing in with it works
    expect((await me.inject({ method: 'GET', url: '/api/user' })).json().email).toBe(next);
    expect((await login(next, me.password)).statusCode).toBe(200);
  });

  it('answers a taken address exactly as a free one, and the link then fails cleanly (409), the account keeping its address', async () => {
    const owner = await t.signIn();
    const taken = (await emailOf(owner.id))!;
    const me = await t.signIn();
    const mine = await emailOf(me.id);
    const free = await changeEmail(await t.signIn(), { newEmail: freshEmail(), currentPassword: me.password });
    const res = await changeEmail(me, { newEmail: taken, currentPassword: me.password });
    expect(res.statusCode).toBe(free.statusCode);
    expect(res.json()).toEqual(free.json());
    const token = await tokenFromMail(taken);
    const done = await confirm(token);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: EMAIL_NOW_TAKEN });
    expect(await emailOf(me.id)).toBe(mine);
    expect(await emailOf(owner.id)).toBe(taken);
  });

  it('keeps only the latest link working, and ends outstanding password-reset links with the change', async () => {
    const me = await t.signIn();
    const first = freshEmail();
    const second = freshEmail();
    await changeEmail(me, { newEmail: first, currentPassword: me.password });
    const firstToken = await tokenFromMail(first);
    await changeEmail(me, { newEmail: second, currentPassword: me.password });
    const secondToken = await tokenFromMail(second);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    await t.db.insert(passwordResetTokens).values({ id: `reset-${me.id}`, userId: me.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, me.id))).toEqual([]);
  });

  it('refuses an expired link, an unknown one and a missing one', async () => {
    const me = await t.signIn();
    const next = freshEmail();
    await changeEmail(me, { newEmail: next, currentPassword: me.password });
    const token = await tokenFromMail(next);
    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, me.id));
    for (const res of [await confirm(token), await confirm('not-a-token')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: EMAIL_LINK_INVALID });
    }
    const missing = await confirm('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The confirmation link is incomplete');
    expect(await emailOf(me.id)).not.toBe(next);
  });

  it('refuses a wrong current password beside its field, counting it as a failed sign-in', async () => {
    const me = await t.signIn();
    const res = await changeEmail(me, { newEmail: freshEmail(), currentPassword: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: WRONG_CURRENT_PASSWORD, issues: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }] });
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, me.id))).toEqual([]);
  });

  it.each([
    [{ currentPassword: 'x' }, 'Email is required'],
    [{ newEmail: 'not-an-address', currentPassword: 'x' }, 'Please enter a valid email address'],
    [{ newEmail: 'a@b.co' }, 'Current password is required'],
    [{ newEmail: 'a@b.co', currentPassword: '' }, 'Current password is required'],
  ])('refuses %j with 400', async (payload, message) => {
    const res = await changeEmail(await t.signIn(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses the address the account already has', async () => {
    const me = await t.signIn();
    const res = await changeEmail(me, { newEmail: (await emailOf(me.id))!.toUpperCase(), currentPassword: me.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SAME_EMAIL, issues: [{ path: 'newEmail', message: SAME_EMAIL }] });
  });

  it(`sends at most ${EMAIL_CHANGES_PER_HOUR} links an hour per account`, async () => {
    const me = await t.signIn();
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i += 1)
      expect((await changeEmail(me, { newEmail: freshEmail(), currentPassword: me.password })).statusCode).toBe(202);
    const limited = await changeEmail(me, { newEmail: freshEmail(), currentPassword: me.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_EMAIL_CHANGES });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('changing the password', () => {
  it('changes it, ends every other session of the account and keeps this one', async () => {
    const me = await t.signIn();
    const elsewhere = await login(me.username, me.password);
    const otherCookie = `sid=${elsewhere.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: otherCookie } })).statusCode).toBe(200);

    const res = await changePassword(me, { currentPassword: me.password, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED });
    expect((await me.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, me.id))).toHaveLength(1);
    expect((await login(me.username, me.password)).statusCode).toBe(401);
    expect((await login(me.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password beside its field (400), and the sign-in back-off then locks the account (429)', async () => {
    const me = await t.signIn();
    for (let i = 0; i < 4; i += 1) {
      const res = await changePassword(me, { currentPassword: `wrong ${i}`, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: WRONG_CURRENT_PASSWORD, issues: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }] });
    }
    // the fifth failure locks the name, for the profile as for the sign-in form
    expect((await changePassword(me, { currentPassword: 'wrong 5', newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    const locked = await changePassword(me, { currentPassword: me.password, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: ACCOUNT_LOCKED });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(me.username, me.password)).statusCode).toBe(429);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, 'Current password is required', 'currentPassword'],
    [{ currentPassword: 'x' }, 'Password is required', 'newPassword'],
    [{ currentPassword: 'x', newPassword: 'short' }, 'Password must be at least 8 characters', 'newPassword'],
    [{ currentPassword: 'x', newPassword: 'p'.repeat(201) }, 'Password must be at most 200 characters', 'newPassword'],
  ])('refuses %j with 400 and the field named', async (payload, message, path) => {
    const res = await changePassword(await t.signIn(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0]).toEqual({ path, message });
  });

  it("refuses a weak new password or the current one again under the new password's field, with registration's rule", async () => {
    const me = await t.signIn();
    const weak = await changePassword(me, { currentPassword: me.password, newPassword: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: WEAK_PASSWORD, issues: [{ path: 'newPassword', message: WEAK_PASSWORD }] });
    const own = await changePassword(me, { currentPassword: me.password, newPassword: `${me.username}1` });
    expect(own.statusCode).toBe(400);
    const same = await changePassword(me, { currentPassword: me.password, newPassword: me.password });
    expect(same.json()).toEqual({ message: SAME_PASSWORD, issues: [{ path: 'newPassword', message: SAME_PASSWORD }] });
    expect((await login(me.username, me.password)).statusCode).toBe(200);
  });

  it('of two changes at once with the same current password, makes exactly one', async () => {
    const me = await t.signIn();
    const candidates = [NEW_PASSWORD, 'baseline-drive-lob-42'];
    const answers = await Promise.all(candidates.map((newPassword) => changePassword(me, { currentPassword: me.password, newPassword })));
    const made = answers.flatMap((res, i) => (res.statusCode === 200 ? [candidates[i]!] : []));
    expect(made).toHaveLength(1);
    // the other found the password changed before its check (400) or before its update (409)
    expect([400, 409]).toContain(answers.find((res) => res.statusCode !== 200)!.statusCode);
    expect((await login(me.username, made[0]!)).statusCode).toBe(200);
  });
});

describe('without a session', () => {
  it('answers 401 to both changes', async () => {
    for (const url of ['/api/account/email', '/api/account/password']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authenticated' });
    }
  });
});
