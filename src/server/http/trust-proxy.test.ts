import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

const PROXY = '10.0.0.1';

describe.each([
  ['one hop', '1'],
  ['the proxy address', `${PROXY}, 10.9.0.0/16`],
])('TRUST_PROXY as %s', (_label, setting) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: setting, AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  // the client wrote "1.2.3.x" itself; our proxy appended the address it saw, 5.6.7.8
  const login = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: `nobody${forwardedFor}`, password: 'wrong password' },
    });

  it('takes the right-most address before the proxy, so a forged left part cannot reset the login limit', async () => {
    for (let i = 1; i <= 3; i += 1) expect((await login(`1.2.3.${i}, 5.6.7.8`)).statusCode).toBe(401);
    expect((await login('1.2.3.99, 5.6.7.8')).statusCode).toBe(429);
    expect((await login('5.6.7.8')).statusCode).toBe(429);
    // someone else behind the same proxy is not affected
    expect((await login('1.2.3.1, 5.6.7.9')).statusCode).toBe(401);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For altogether', async () => {
    const login = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.3.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username: 'nobody', password: 'wrong password' },
      });
    expect((await login('1.1.1.1')).statusCode).toBe(401);
    expect((await login('2.2.2.2')).statusCode).toBe(401);
    expect((await login('3.3.3.3')).statusCode).toBe(429);
  });
});
