import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '3', REGISTER_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('login and register: rate limit', () => {
  it('answers 429 with a JSON message after the per-minute limit, per IP', async () => {
    const attempt = (ip: string) => t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: 'x', password: 'y' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts, please try again in/);
    expect(limited.headers['retry-after']).toBeDefined();
    // another address still gets through
    expect((await attempt('10.0.0.2')).statusCode).toBe(401);
  });

  it('limits register the same way, before reading the body', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '10.0.0.3', headers: json, payload: '{bad' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('does not limit reading the user', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject({ url: '/api/user', remoteAddress: '10.0.0.4' })).statusCode).toBe(401);
    }
  });
});

describe('login and register: malformed requests', () => {
  const ip = (n: number) => `10.1.0.${n}`;

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip(1), headers: json, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const payload = JSON.stringify({ username: 'a'.repeat(1024 * 1024 + 10), password: 'x', email: 'a@b.co' });
    const res = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip(2), headers: json, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip(3),
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported media type' });
  });

  it('answers an empty JSON body and a JSON array with 400', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip(4), headers: json, payload: '' });
    expect(empty.statusCode).toBe(400);
    const array = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip(4), headers: json, payload: '[]' });
    expect(array.statusCode).toBe(400);
    expect(array.json().issues).toBeDefined();
  });

  it('answers overlong fields with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip(5),
      payload: { username: 'u'.repeat(5000), password: 'p'.repeat(5000) },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('cross-origin requests', () => {
  it('refuses a foreign Origin carrying a session cookie with 403', async () => {
    const me = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
    // the session survived
    expect((await me.inject({ url: '/api/user' })).statusCode).toBe(200);
  });

  it('refuses a foreign Referer carrying a session cookie when no Origin is sent', async () => {
    const me = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: me.cookie, referer: 'https://evil.example/page' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts our own Origin', async () => {
    const me = await t.signIn();
    expect((await me.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});
