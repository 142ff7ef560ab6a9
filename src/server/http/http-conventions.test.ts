import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';

// The rules every route follows, checked across the whole API.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: 'Conventions Co.' });
  await insertProducts(
    t.db,
    Array.from({ length: 12 }, (_, i) => ({
      brandId: brand!.id,
      name: `Paddle ${i}`,
      sku: `CONV-${i}`,
      price: '99.99',
      description: 'A paddle with a long enough description to make the list worth compressing. '.repeat(2),
      stock: i,
    })),
  );
});
afterAll(() => t.close());

interface RouteEntry {
  path: string;
  methods: string[];
}

/** Every route with its methods, read from Fastify's own route tree. */
function listRoutes(tree: string): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line) ?? /^([│ ]*)[├└]── (.+)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (match[3]) entries.push({ path: stack.join(''), methods: match[3].split(', ') });
  }
  return entries;
}

describe('unknown paths', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('answers %s on an unknown /api path with a JSON 404', async (method) => {
    const res = await t.app.inject({ method, url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('route parameters', () => {
  const badValues = ['abc', '-1', '0', '1.5', '99999999999', '1e3', '%20', '..%2f..%2fetc', 'x'.repeat(300)];

  it('reads the route list', () => {
    const routes = listRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContainEqual({ path: '/api/products/:id', methods: expect.arrayContaining(['GET']) });
  });

  it('never answers 500 to a bad id or parameter on any route, even as admin', async () => {
    const routes = listRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) => route.path.includes('/:'));
    expect(routes.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        for (const value of badValues) {
          const url = route.path.replace(/:[A-Za-z]+/g, value);
          const res = await admin.inject({
            method: method as 'GET',
            url,
            ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
          });
          if (res.statusCode >= 500 || !String(res.headers['content-type']).includes('application/json')) {
            failures.push(`${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  // a slug is a key too (docs/decisions/024): "abc" is a slug nothing has, "Abc" no key at all
  it.each(['Abc', '-1', '1.5', '99999999999'])('answers id %s on product and brand with 400', async (id) => {
    for (const base of ['/api/products', '/api/brands']) {
      const res = await t.app.inject({ url: `${base}/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/^Invalid id/), issues: [{ path: 'id' }] });
    }
  });
});

describe('request bodies', () => {
  it('answers a body over 1 MB with 413 before the route runs', async () => {
    const payload = JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) });
    for (const url of ['/api/login', '/api/register', '/api/validate-coupon']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'Request body is too large' });
    }
  });

  it('answers malformed JSON with 400', async () => {
    for (const payload of ['{', '{"a":}', "{'single':'quotes'}", 'nul']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Malformed JSON in request body' });
    }
  });

  it('refuses a JSON prototype-pollution key without harm', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"isAdmin":true},"username":"x","password":"y"}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });
});

describe('catalogue reads: compression and ETags', () => {
  it('compresses /api/products with gzip when asked', async () => {
    const res = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toHaveLength(12);
  });

  it('answers 304 to a matching If-None-Match and 200 once the catalogue changed', async () => {
    const first = await t.app.inject({ url: '/api/products' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await insertProducts(t.db, { name: 'Newcomer', price: '5.00', sku: 'CONV-NEW' });
    const changed = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends ETags on the other catalogue and content reads', async () => {
    for (const url of ['/api/products/featured', '/api/brands', '/api/site-settings']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const again = await t.app.inject({ url, headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
  });
});
