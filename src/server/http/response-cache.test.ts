import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import { addProduct } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { CACHED_READS } from './response-cache.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';

// The cache is on in production only; these tests build the app as production runs it.
let shop: TestApp;
beforeEach(async () => {
  shop = await createTestApp({ NODE_ENV: 'production' });
});
afterEach(async () => {
  await shop.close();
});

const names = (body: string) => (JSON.parse(body) as Array<{ name: string }>).map((product) => product.name);

describe('catalogue response cache', () => {
  it('answers repeated reads from memory, byte for byte, with the ETag and a 304', async () => {
    const product = await addProduct(shop.db, { name: 'Cached Paddle' });
    const first = await shop.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    // a write straight to the database, past the app: the cache does not see it
    await shop.db.update(products).set({ name: 'Renamed Paddle' }).where(eq(products.id, product.id));
    const second = await shop.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-encoding']).toBe(first.headers['content-encoding']);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-content-type-options']).toBe('nosniff');

    expect(first.headers.etag).toBeTruthy();
    const notModified = await shop.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('forgets everything when a state-changing request succeeds', async () => {
    const product = await addProduct(shop.db, { name: 'Old Name' });
    expect(names((await shop.app.inject({ method: 'GET', url: '/api/products' })).body)).toContain('Old Name');
    const admin = await shop.signIn({ admin: true });
    const renamed = await admin.inject({ method: 'PATCH', url: `/api/products/${product.id}/featured`, payload: { isFeatured: true } });
    expect(renamed.statusCode).toBeLessThan(400);
    await shop.db.update(products).set({ name: 'New Name' }).where(eq(products.id, product.id));
    // the admin write emptied the cache; this read goes to the database
    const featured = await shop.app.inject({ method: 'GET', url: '/api/products/featured' });
    expect(names(featured.body)).toEqual(['New Name']);
  });

  it('keeps a failed write from emptying it, and never caches errors', async () => {
    await addProduct(shop.db, { name: 'Kept' });
    await shop.app.inject({ method: 'GET', url: '/api/products' });
    const refused = await shop.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: {} });
    expect(refused.statusCode).toBe(400);
    const bad = await shop.app.inject({ method: 'GET', url: '/api/products?brandId=abc' });
    expect(bad.statusCode).toBe(400);
    const again = await shop.app.inject({ method: 'GET', url: '/api/products?brandId=abc' });
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body)).toHaveProperty('message');
  });

  it('keys on the parameters that change the answer: junk, order and a trailing slash share one entry', async () => {
    const [row] = await insertBrands(shop.db, { name: 'Keyed Co.' });
    const brand = row!.id;
    const product = await addProduct(shop.db, { name: 'Keyed Paddle' });
    await shop.db.update(products).set({ brandId: brand }).where(eq(products.id, product.id));
    const read = (url: string) => shop.app.inject({ method: 'GET', url });
    const first = await read(`/api/products?search=keyed&brandId=${brand}`);
    expect(names(first.body)).toEqual(['Keyed Paddle']);
    await shop.db.update(products).set({ name: 'Keyed Paddle, renamed' }).where(eq(products.brandId, brand));
    // still the cached answer: none of these can force a read of the database
    for (const url of [
      `/api/products?search=keyed&brandId=${brand}&_=123`,
      `/api/products/?brandId=${brand}&search=keyed`,
      `/api/products?utm_source=x&search=keyed&brandId=${brand}&_=${Date.now()}`,
    ]) {
      expect((await read(url)).body, url).toBe(first.body);
    }
    expect((await read('/api/site-settings?_=1')).body).toBe((await read('/api/site-settings')).body);
    // a parameter the route reads is another answer
    expect(names((await read(`/api/products?search=renamed&brandId=${brand}`)).body)).toEqual(['Keyed Paddle, renamed']);
  });

  it('covers the public catalogue reads only', () => {
    for (const url of [
      '/api/products',
      '/api/products?search=pro',
      '/api/products/featured',
      '/api/brands',
      '/api/brands/featured',
      '/api/site-settings',
      '/api/contact-info',
      '/api/policies',
      '/api/config',
      '/api/products/12/related',
      '/api/products/12/bought-together',
    ]) {
      expect(CACHED_READS.test(url), url).toBe(true);
    }
    for (const url of [
      '/api/products/12',
      '/api/products/0/related',
      '/api/products/0/bought-together',
      '/api/variants?ids=1',
      '/api/brands/3',
      '/api/user',
      '/api/orders/my',
      '/api/admin/products',
      '/api/productsx',
    ]) {
      expect(CACHED_READS.test(url), url).toBe(false);
    }
  });
});
