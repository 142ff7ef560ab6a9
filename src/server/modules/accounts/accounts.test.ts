import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicUser } from '#common/schemas/accounts.ts';
import { users } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const origin = 'http://localhost:80';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin, ...headers } });
const sidOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'sid')?.value;
const whoAmI = (sid: string) => t.app.inject({ url: '/api/user', headers: { cookie: `sid=${sid}` } });

describe('GET /api/user', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await t.app.inject({ url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('answers 401 for a forged or unsigned cookie', async () => {
    expect((await whoAmI('made-up')).statusCode).toBe(401);
    expect((await whoAmI('abc.def')).statusCode).toBe(401);
  });

  it('answers the signed-in user', async () => {
    const me = await t.signIn();
    const res = await me.inject({ url: '/api/user' });
    expect(res.statusCode).toBe(200);
    const user = PublicUser.parse(res.json());
    expect(user).toMatchObject({ id: me.id, username: me.username, isAdmin: false });
    expect(res.body).not.toContain('password');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/register', () => {
  it('creates a shopper, signs them in and answers 201 with the user', async () => {
    const res = await post('/api/register', { username: 'newbie', password: 'dink-volley-kitchen', email: '  NewBie@Example.COM ' });
    expect(res.statusCode).toBe(201);
    const user = PublicUser.parse(res.json());
    expect(user).toMatchObject({ username: 'newbie', email: 'newbie@example.com', isAdmin: false });
    expect(new Date(user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const sid = sidOf(res);
    expect(sid).toBeTruthy();
    expect((await whoAmI(sid!)).json()).toMatchObject({ username: 'newbie' });
    const [row] = await t.db.select().from(users).where(eq(users.username, 'newbie'));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('dink-volley-kitchen');
  });

  it('ignores isAdmin', async () => {
    const res = await post('/api/register', { username: 'sneaky', password: 'third-shot-drop-42', email: 'sneaky@example.com', isAdmin: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().isAdmin).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'sneaky'));
    expect(row!.isAdmin).toBe(false);
  });

  it('refuses a taken username (any case) or e-mail with 409', async () => {
    await post('/api/register', { username: 'taken', password: 'third-shot-drop-42', email: 'taken@example.com' });
    const sameName = await post('/api/register', { username: 'TAKEN', password: 'third-shot-drop-42', email: 'other@example.com' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ message: 'Username already exists' });
    const sameEmail = await post('/api/register', { username: 'other', password: 'third-shot-drop-42', email: 'Taken@Example.com' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: 'Email already registered' });
    expect(sidOf(sameEmail)).toBeUndefined();
  });

  it('lets only one of two racing registrations win', async () => {
    const body = { username: 'racer', password: 'third-shot-drop-42', email: 'racer@example.com' };
    const results = await Promise.all([post('/api/register', body), post('/api/register', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{}, ['username', 'password', 'email']],
    [{ username: 'ab', password: 'third-shot-drop-42', email: 'ab@example.com' }, ['username']],
    [{ username: 'has space', password: 'third-shot-drop-42', email: 'x@example.com' }, ['username']],
    [{ username: 'shortpw', password: 'short', email: 'x@example.com' }, ['password']],
    [{ username: 'bademail', password: 'third-shot-drop-42', email: 'not-an-email' }, ['email']],
    [{ username: 42, password: ['x'], email: null }, ['username', 'password', 'email']],
  ])('refuses %j with 400 and issues', async (body, paths) => {
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(typeof json.message).toBe('string');
    expect([...new Set(json.issues.map((issue: { path: string }) => issue.path))]).toEqual(paths);
  });

  it.each(['password', 'aaaaaaaa', '12345678', 'qwertyuiop', 'dinkmaster2024'])('refuses the guessable password %j with 400', async (password) => {
    // the last is strong on its own, not beside the user's own name
    const username = password === 'dinkmaster2024' ? 'dinkmaster' : 'guessable';
    const res = await post('/api/register', { username, password, email: `${username}@example.com` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Password is too easy to guess: use a longer phrase or mix in unusual words',
      issues: [{ path: 'password', message: 'Password is too easy to guess: use a longer phrase or mix in unusual words' }],
    });
    expect(await t.db.select().from(users).where(eq(users.username, username))).toEqual([]);
  });

  it('gives the schema messages', async () => {
    const res = await post('/api/register', { username: 'ab', password: 'third-shot-drop-42', email: 'ab@example.com' });
    expect(res.json().issues[0].message).toBe('Username must be at least 3 characters');
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and answers the user', async () => {
    const me = await t.signIn();
    const res = await post('/api/login', { username: me.username, password: me.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, username: me.username });
    expect((await whoAmI(sidOf(res)!)).statusCode).toBe(200);
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const me = await t.signIn();
    const wrong = await post('/api/login', { username: me.username, password: 'wrong password' });
    const unknown = await post('/api/login', { username: 'nobody-at-all', password: 'wrong password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password' });
      expect(sidOf(res)).toBeUndefined();
    }
  });

  it('sets an HttpOnly, SameSite=Lax cookie on path / and changes the session id at each login', async () => {
    const me = await t.signIn();
    const first = await post('/api/login', { username: me.username, password: me.password });
    const cookie = first.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const header = String(first.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);

    const second = await post('/api/login', { username: me.username, password: me.password }, { cookie: `sid=${cookie.value}` });
    const renewed = sidOf(second)!;
    expect(renewed).not.toBe(cookie.value);
    // logging in again retires the session the request came with
    expect((await whoAmI(cookie.value)).statusCode).toBe(401);
    expect((await whoAmI(renewed)).statusCode).toBe(200);
  });

  it('marks the cookie Secure behind a trusted https proxy, and only then', async () => {
    const me = await t.signIn();
    const direct = await post('/api/login', { username: me.username, password: me.password }, { 'x-forwarded-proto': 'https' });
    expect(direct.cookies.find((c) => c.name === 'sid')!.secure).toBeFalsy();

    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const user = await proxied.signIn();
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: user.username, password: user.password },
      });
      expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('marks the cookie Secure when PUBLIC_URL is https, even with no proxy to say so', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const user = await https.signIn();
      const res = await https.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: user.password } });
      expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it.each([
    [{}, ['username', 'password']],
    [{ username: '', password: '' }, ['username', 'password']],
    [{ username: 1, password: true }, ['username', 'password']],
  ])('refuses %j with 400 and issues', async (body, paths) => {
    const res = await post('/api/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((issue: { path: string }) => issue.path)).toEqual(paths);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the old cookie no longer signs in', async () => {
    const me = await t.signIn();
    const res = await me.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect((await me.inject({ url: '/api/user' })).statusCode).toBe(401);
  });

  it('answers the same when nobody is signed in', async () => {
    const res = await post('/api/logout', undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
  });
});

describe('full name', () => {
  it('is optional at registration and saved trimmed when given', async () => {
    const without = await post('/api/register', { username: 'nameless', password: 'paddle-grip-tape-5', email: 'nameless@example.com' });
    expect(without.json()).toMatchObject({ username: 'nameless', fullName: null });
    // the register form sends an empty field as null, as the shared schema turned it
    const emptyField = await post('/api/register', { username: 'blankname', password: 'paddle-grip-tape-5', email: 'blank@example.com', fullName: null });
    expect(emptyField.statusCode).toBe(201);
    expect(emptyField.json()).toMatchObject({ fullName: null });
    const named = await post('/api/register', { username: 'named', password: 'paddle-grip-tape-5', email: 'named@example.com', fullName: '  Ada Lovelace ' });
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ username: 'named', fullName: 'Ada Lovelace' });
    expect((await whoAmI(sidOf(named)!)).json()).toMatchObject({ fullName: 'Ada Lovelace' });
  });

  it('is saved and cleared with PATCH /api/user by the signed-in shopper only', async () => {
    const me = await t.signIn();
    const save = await me.inject({ method: 'PATCH', url: '/api/user', payload: { fullName: ' Grace Hopper ' } });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ id: me.id, fullName: 'Grace Hopper' });
    expect((await me.inject({ url: '/api/user' })).json()).toMatchObject({ fullName: 'Grace Hopper' });
    const clear = await me.inject({ method: 'PATCH', url: '/api/user', payload: { fullName: '   ' } });
    expect(clear.json()).toMatchObject({ fullName: null });
    // what the form's own validation made of an empty field
    const asNull = await me.inject({ method: 'PATCH', url: '/api/user', payload: { fullName: null } });
    expect(asNull.statusCode).toBe(200);
    expect(asNull.json()).toMatchObject({ fullName: null });
    const tooLong = await me.inject({ method: 'PATCH', url: '/api/user', payload: { fullName: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { origin }, payload: { fullName: 'Nobody' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
