import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '#server/http/unavailable.ts';
import { addProduct, checkoutBody, texasAddress } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// A database that is gone (dropped) or behind the schema (a table or column missing: not migrated, or an
// older copy restored) cannot serve anything: every route that needs it answers 503 with Retry-After, as
// readiness does, never a 500. On PGlite a table is dropped under the running app; on PostgreSQL also the
// whole database, from a second connection.

const CLIENT_HTML =
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

interface Shop {
  t: TestApp;
  admin: SignedIn;
  shopper: SignedIn;
  productId: number;
  /** every GET the API reference lists, as it was before the database went */
  getPaths: string[];
}

let shop: Shop | undefined;

async function openShop(): Promise<Shop> {
  const t = await createTestApp({}, { clientFiles: { 'index.html': CLIENT_HTML } });
  const admin = await t.signIn({ admin: true });
  const shopper = await t.signIn();
  const { id: productId } = await addProduct(t.db, { name: 'Gone Paddle', stock: 5 });
  const openapi = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  const getPaths = Object.entries(openapi.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([route]) => route.replace(/\{[^}]+\}/g, String(productId)));
  return { t, admin, shopper, productId, getPaths };
}

afterEach(async () => {
  await shop?.t.close();
  shop = undefined;
});

function expectUnavailable(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(503);
  expect(response.headers['retry-after'], what).toBe(String(RETRY_AFTER_SECONDS));
}

/** The routes every family of the shop answers, each of which needs the database. */
async function expectEveryFamilyUnavailable({ t, admin, shopper, productId }: Shop): Promise<void> {
  const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, ...(payload && { payload }) });
  const checks: Array<[string, Promise<LightMyRequestResponse>]> = [
    ['readiness', anonymous('GET', '/api/ready')],
    ['product list', anonymous('GET', '/api/products')],
    ['product by id', anonymous('GET', `/api/products/${productId}`)],
    ['featured products', anonymous('GET', '/api/products/featured')],
    ['search', anonymous('GET', '/api/catalog?search=paddle')],
    ['brands', anonymous('GET', '/api/brands')],
    ['site settings', anonymous('GET', '/api/site-settings')],
    ['tax', anonymous('POST', '/api/tax/calculate', { orderTotal: 100, toAddress: texasAddress, lineItems: [{ id: productId, quantity: 1 }] })],
    ['coupon', anonymous('POST', '/api/validate-coupon', { code: 'SPRING10' })],
    ['checkout', anonymous('POST', '/api/create-payment-intent', checkoutBody([{ productId, quantity: 1 }]))],
    ['login', anonymous('POST', '/api/login', { username: shopper.username, password: shopper.password })],
    ['register', anonymous('POST', '/api/register', { username: 'newcomer', password: 'a long enough passphrase', email: 'new@example.com' })],
    ['signed-in shopper', shopper.inject({ method: 'GET', url: '/api/user' })],
    ['admin orders', admin.inject({ method: 'GET', url: '/api/orders/active' })],
    ['admin products', admin.inject({ method: 'GET', url: '/api/admin/products' })],
    ['shop page', anonymous('GET', '/shop')],
    ['product page', anonymous('GET', `/products/${productId}`)],
    ['sitemap', anonymous('GET', '/sitemap.xml')],
  ];
  for (const [what, answer] of checks) expectUnavailable(await answer, what);
}

/** Every GET of the API reference, as the admin: nothing answers 500; what fails for the database is a 503. */
async function expectNoInternalErrors({ admin, getPaths }: Shop): Promise<void> {
  for (const url of getPaths) {
    const response = await admin.inject({ method: 'GET', url: `/api${url}` });
    expect(response.statusCode, `GET /api${url}: ${response.body.slice(0, 200)}`).not.toBe(500);
    if (response.statusCode >= 500) expectUnavailable(response, `GET /api${url}`);
    if (response.statusCode === 503) expect(response.json(), url).toMatchObject({ message: expect.any(String) });
  }
}

describe('the schema behind the code (PGlite and PostgreSQL)', () => {
  it('answers 503 with Retry-After on every route when the tables are gone (never migrated, or dropped)', async () => {
    shop = await openShop();
    await shop.t.db.execute(sql`drop schema public cascade`);
    await shop.t.db.execute(sql`create schema public`);
    await expectEveryFamilyUnavailable(shop);
    await expectNoInternalErrors(shop);
    expect((await shop.t.app.inject({ url: '/api/products' })).json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  });

  it('answers 503 when one table the routes read is missing', async () => {
    shop = await openShop();
    await shop.t.db.execute(sql`drop table products cascade`);
    const { t, productId } = shop;
    for (const url of ['/api/products', `/api/products/${productId}`, '/api/catalog?search=paddle', '/api/products/featured', '/shop', '/sitemap.xml']) {
      expectUnavailable(await t.app.inject({ url }), url);
    }
    expectUnavailable(
      await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId, quantity: 1 }]) }),
      'checkout',
    );
  });

  it('answers 503 when a column the code reads is missing (an older schema)', async () => {
    shop = await openShop();
    await shop.t.db.execute(sql`alter table products drop column slug cascade`);
    for (const url of ['/api/products', `/api/products/${shop.productId}`, '/api/catalog?search=paddle', '/shop']) {
      expectUnavailable(await shop.t.app.inject({ url }), url);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the database dropped under a running app (PostgreSQL)', () => {
  it('answers 503 with Retry-After on every route', async () => {
    shop = await openShop();
    const name = new URL(shop.t.databaseUrl!).pathname.slice(1);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query(`drop database ${name} with (force)`);
    } finally {
      await other.end();
    }
    await expectEveryFamilyUnavailable(shop);
    await expectNoInternalErrors(shop);
  });
});
