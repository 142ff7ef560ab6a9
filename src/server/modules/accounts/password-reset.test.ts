import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_REQUESTED } from '#common/schemas/accounts.ts';
import { emailOutbox, passwordResetTokens } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { RESET_LINK_INVALID, RESET_REQUESTS_PER_EMAIL, TOO_MANY_RESET_REQUESTS } from './password-reset-routes.ts';
import { WEAK_PASSWORD } from './password-strength.ts';
import { INVALID_CREDENTIALS } from './routes.ts';

// high enough for every test sign-in (all from one address), low enough to reach in a test
const PER_IP_LIMIT = 40;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: String(PER_IP_LIMIT), PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => t.close());

const origin = 'http://localhost:80';
const NEW_PASSWORD = 'kitchen-line-erne-7';
let ipCounter = 0;
// a fresh client address per request: the per-IP limit is tested on its own
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const forgot = (email: string, ip = nextIp()) => t.app.inject({ method: 'POST', url: '/api/forgot-password', remoteAddress: ip, payload: { email } });
const reset = (token: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reset-password',
    remoteAddress: nextIp(),
    payload: { token, password },
    headers: { origin, ...(cookie && { cookie }) },
  });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextIp(), payload: { username, password } });
const resetMails = (to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, 'password-reset')))
    .orderBy(emailOutbox.id);

/** The e-mail goes out after the answer: waits for the n-th reset mail to the address and answers its link's token. */
async function tokenFromMail(to: string, n = 1): Promise<string> {
  const mail = await vi.waitFor(
    async () => {
      const mails = await resetMails(to);
      if (mails.length < n) throw new Error(`no reset mail #${n} to ${to} yet`);
      return mails[n - 1]!;
    },
    { timeout: 5000, interval: 20 },
  );
  const link = /https:\/\/shop\.example\/reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect(mail.html).toContain(`https://shop.example/reset-password?token=${link![1]}`);
  return link![1]!;
}

async function shopperWithMail(): Promise<SignedIn & { email: string }> {
  const me = await t.signIn();
  return { ...me, email: `${me.username}@example.com`.toLowerCase() };
}

describe('POST /api/forgot-password', () => {
  it('answers the same for a known and an unknown address, and mails a link only to the known one', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const me = await other.signIn();
      const ask = (email: string) => other.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      const known = await ask(`${me.username.toUpperCase()}@EXAMPLE.COM`);
      const unknown = await ask('nobody-here@example.com');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(known.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
      expect(unknown.body).toBe(known.body);
      // closing waits for the e-mails sent after the answers
      await other.app.close();
      const mails = await other.db.select().from(emailOutbox);
      expect(mails.map((mail) => mail.recipient)).toEqual([`${me.username}@example.com`]);
      expect(mails[0]).toMatchObject({ kind: 'password-reset', subject: 'Choose a new password - Pickleball Shop' });
    } finally {
      await other.close();
    }
  });

  it('stores only the hash of the token, valid for one hour', async () => {
    const me = await shopperWithMail();
    const before = Date.now();
    await forgot(me.email);
    const token = await tokenFromMail(me.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = rows[0]!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5000);
  });

  it(`limits one address to ${RESET_REQUESTS_PER_EMAIL} requests an hour, from any client, known or not`, async () => {
    for (const email of [(await shopperWithMail()).email, 'made-up-address@example.com']) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i += 1) expect((await forgot(email)).statusCode).toBe(202);
      const limited = await forgot(email.toUpperCase());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: TOO_MANY_RESET_REQUESTS });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits one client address per minute', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < PER_IP_LIMIT; i += 1) expect((await forgot(`someone${i}@example.com`, ip)).statusCode).toBe(202);
    const limited = await forgot('someone-else@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts, please try again in/);
  });

  it('refuses an invalid address with its message', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, ends every session of the account and signs in', async () => {
    const me = await shopperWithMail();
    const elsewhere = await login(me.username, me.password);
    const otherCookie = `sid=${elsewhere.cookies.find((c) => c.name === 'sid')!.value}`;
    await forgot(me.email);
    const token = await tokenFromMail(me.email);

    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, username: me.username });
    const sid = res.cookies.find((c) => c.name === 'sid')?.value;
    expect(sid).toBeTruthy();
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: `sid=${sid}` } })).json()).toMatchObject({ id: me.id });

    for (const cookie of [me.cookie, otherCookie]) expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(me.username, me.password)).statusCode).toBe(401);
    expect((await login(me.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works once', async () => {
    const me = await shopperWithMail();
    await forgot(me.email);
    const token = await tokenFromMail(me.email);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset(token, 'another-fresh-passphrase-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RESET_LINK_INVALID });
    expect((await login(me.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const me = await shopperWithMail();
    await forgot(me.email);
    const token = await tokenFromMail(me.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, me.id));
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: RESET_LINK_INVALID });
    expect((await login(me.username, me.password)).statusCode).toBe(200);
  });

  it('refuses an older link once a newer one was asked for', async () => {
    const me = await shopperWithMail();
    await forgot(me.email);
    const first = await tokenFromMail(me.email, 1);
    await forgot(me.email);
    const second = await tokenFromMail(me.email, 2);
    expect((await reset(first, NEW_PASSWORD)).json()).toEqual({ message: RESET_LINK_INVALID });
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await reset('a'.repeat(43), NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: RESET_LINK_INVALID });
  });

  it('checks the registration rules and keeps the link for another try', async () => {
    const me = await shopperWithMail();
    await forgot(me.email);
    const token = await tokenFromMail(me.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(WEAK_PASSWORD);
    const ownName = await reset(token, me.username);
    expect(ownName.json().message).toBe(WEAK_PASSWORD);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign in by e-mail', () => {
  it('accepts the e-mail in any case in the username field', async () => {
    const me = await shopperWithMail();
    const res = await login(`  ${me.email.toUpperCase()} `, me.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, username: me.username });
  });

  it('answers a wrong password or an unknown e-mail as it does for a username', async () => {
    const me = await shopperWithMail();
    const answers = await Promise.all([
      login(me.email, 'wrong-password-1'),
      login('nobody-at-all@example.com', me.password),
      login(me.username, 'wrong-password-1'),
      login('nobody_at_all', me.password),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_CREDENTIALS });
    }
  });
});
