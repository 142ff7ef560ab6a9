import { eq, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSecrets, users } from '#server/db/schema.ts';
import { loadTotpKey } from '#server/http/totp-key.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret-box.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
const from = () => `10.53.0.${++ip}`;
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const storedSecret = async (id: number) => (await t.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, id)))[0]!.secret!;

async function signInWithCode(username: string, password: string, code: string) {
  const first = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: from(), payload: { username, password } });
  expect(first.statusCode, first.body).toBe(202);
  return t.app.inject({
    method: 'POST',
    url: '/api/login/two-factor',
    remoteAddress: from(),
    payload: { loginToken: first.json().loginToken, code },
    headers: { origin: 'http://localhost:80' },
  });
}

describe('the TOTP secret at rest (decision 053)', () => {
  it('is stored sealed (AES-256-GCM), never as the secret the app was given, and signs in', async () => {
    const me = await t.signIn({ admin: true });
    const setup = await me.inject({ method: 'POST', url: '/api/account/two-factor/setup', payload: {}, remoteAddress: from() });
    const { secret } = setup.json() as { secret: string };
    const stored = await storedSecret(me.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    const confirm = await me.inject({
      method: 'POST',
      url: '/api/account/two-factor/confirm',
      payload: { code: await codeAt(secret, -1) },
      remoteAddress: from(),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const signedIn = await signInWithCode(me.username, me.password, await codeAt(secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await storedSecret(me.id)).toBe(stored);
  });

  it('keeps a staff member enrolled before sealing signing in, and seals their secret at that sign-in', async () => {
    const me = await t.signIn({ admin: true });
    const secret = generateSecret();
    // as decision 048 stored it: the base32 secret itself
    await t.db
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: sql`now()` })
      .where(eq(users.id, me.id));
    const signedIn = await signInWithCode(me.username, me.password, await codeAt(secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const stored = await storedSecret(me.id);
    expect(stored).toMatch(/^v1\./);
    expect(openTotpSecret(await loadTotpKey(t.db), me.id, stored)).toBe(secret);
    // and the sealed secret goes on working (a later code: one code signs in once)
    const again = await signInWithCode(me.username, me.password, await codeAt(secret, 1));
    expect(again.statusCode, again.body).toBe(200);
  });

  it('the audit trail records the password step, a wrong code and the code that signs in, against the account', async () => {
    const me = await t.signIn({ admin: true });
    const secret = generateSecret();
    await t.db
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: sql`now()` })
      .where(eq(users.id, me.id));
    expect((await signInWithCode(me.username, me.password, '000000')).statusCode).toBe(400);
    expect((await signInWithCode(me.username, me.password, await codeAt(secret))).statusCode).toBe(200);
    const owner = await t.signIn({ admin: true });
    // entries are written after the answer: wait for the five
    const log = await vi.waitFor(
      async () => {
        const found = await owner.inject({ method: 'GET', url: `/api/admin/audit?action=sign-in.&actor=${me.username}` });
        expect(found.headers['x-total-count']).toBe('5');
        return found;
      },
      { timeout: 5_000, interval: 50 },
    );
    const actions = (log.json() as Array<{ action: string; status: number; actor: { userId: number | null } }>).map((entry) => [
      entry.action,
      entry.status,
      entry.actor.userId,
    ]);
    expect(actions).toEqual([
      ['sign-in.two-factor.succeeded', 200, me.id],
      ['sign-in.password-passed', 202, me.id],
      ['sign-in.two-factor.failed', 400, me.id],
      ['sign-in.password-passed', 202, me.id],
      // the test's own sign-in, before two-factor was on
      ['sign-in.succeeded', 200, me.id],
    ]);
    expect(log.body).not.toContain(me.password);
  });

  it('one key per database, kept in app_secrets; a sealed secret opens only for its own account', async () => {
    const key = await loadTotpKey(t.db);
    expect((await loadTotpKey(t.db)).equals(key)).toBe(true);
    expect(key).toHaveLength(32);
    expect(await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'totp-key'))).toHaveLength(1);
    const sealed = sealTotpSecret(key, 1, 'JBSWY3DPEHPK3PXP');
    expect(openTotpSecret(key, 1, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openTotpSecret(key, 2, sealed)).toThrow();
  });
});
