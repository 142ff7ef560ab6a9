import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { shopHelmetOptions } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What @fastify/helmet sets when it runs on every request, as the app did before the headers were worked out once. */
async function helmetPerRequest(): Promise<Record<string, unknown>> {
  const reference = Fastify();
  await reference.register(helmet, shopHelmetOptions);
  reference.get('/', async () => ({}));
  const { headers } = await reference.inject({ url: '/' });
  await reference.close();
  const { 'content-type': _type, 'content-length': _length, date: _date, connection: _connection, ...rest } = headers;
  return rest;
}

describe('security headers', () => {
  it('are exactly the ones helmet sets per request, CSP included, on answers, errors and 404s', async () => {
    const expected = await helmetPerRequest();
    expect(expected['content-security-policy']).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(expected['content-security-policy']).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    for (const url of ['/api/health', '/api/products/not-a-number', '/api/nothing-here', '/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(res.headers, url).toMatchObject(expected);
    }
  });
});
