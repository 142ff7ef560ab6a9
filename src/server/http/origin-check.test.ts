import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// foreign Origin and Referer: accounts-http.test.ts
describe('origin check on requests carrying a session cookie', () => {
  it.each([
    ['an opaque Origin', { origin: 'null' }],
    ['an unparseable Origin', { origin: 'not a url' }],
    ['an opaque Origin beside a good Referer', { origin: 'null', referer: 'http://localhost/cart' }],
    ['neither Origin nor Referer', {}],
  ])('refuses %s carrying a session cookie', async (_label, headers: Record<string, string>) => {
    const me = await t.signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: me.cookie, ...headers } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
    expect((await me.inject({ url: '/api/user' })).statusCode).toBe(200);
  });

  it('accepts our own Referer when no Origin is sent, and requests without a session cookie', async () => {
    const me = await t.signIn();
    const referred = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: me.cookie, referer: 'http://localhost/account' } });
    expect(referred.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});
