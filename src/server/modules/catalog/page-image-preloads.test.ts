import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HERO_IMAGE_SIZES, PRODUCT_CARD_IMAGE_SIZES, PRODUCT_PAGE_IMAGE_SIZES } from '#common/images.ts';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { installCacheInvalidation } from '#server/http/cache-invalidation.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { catalogImagePreload, installPageImagePreloads } from './page-image-preloads.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';

const imageLink = (url: string, sizes: string) =>
  `<${url}>; rel=preload; as=image; imagesrcset="${url.replace(/\.webp$/, '-thumb.webp')} 400w, ${url} 1200w"; imagesizes="${sizes}"; fetchpriority=high`;

describe('page image preloads', () => {
  let t: TestApp;
  let clientDir: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'shop-client-'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    t = await createTestApp({}, { clientDir });
    const [brand] = await insertBrands(t.db, { name: 'Acme' });
    const rows = await insertProducts(t.db, [
      // names order the lists: Alpha is first in the shop, Bravo first (only featured) on the home page
      { name: 'Alpha Paddle', price: '99.00', stock: 3, brandId: brand!.id, imageUrl: '/uploads/alpha.webp' },
      { name: 'Bravo Paddle', price: '129.99', stock: 5, brandId: brand!.id, isFeatured: true, imageUrl: '/uploads/bravo.webp' },
      { name: 'Charlie Balls', price: '12.00', stock: 9, imageUrl: null },
    ]);
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('preloads the hero image of the first featured product on the home page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    // the page carries its data (server-rendered): only the image is preloaded
    expect(response.headers.link).toBe(imageLink('/uploads/bravo.webp', HERO_IMAGE_SIZES));
  });

  it("preloads a product page's image, and the shop's first card", async () => {
    // the page's address is its slug (docs/decisions/024); /products/<id> answers 301 to it
    const product = await t.app.inject({ method: 'GET', url: '/products/bravo-paddle' });
    expect(product.statusCode).toBe(200);
    expect(product.headers.link).toContain(imageLink('/uploads/bravo.webp', PRODUCT_PAGE_IMAGE_SIZES));

    const shop = await t.app.inject({ method: 'GET', url: '/shop' });
    expect(shop.headers.link).toContain(imageLink('/uploads/alpha.webp', PRODUCT_CARD_IMAGE_SIZES));
  });

  it('still serves the page without an image preload when there is no image or no product', async () => {
    for (const url of ['/products/charlie-balls', '/products/no-such-paddle', '/products/999999', '/products/9999999999', '/shop?search=alpha', '/cart']) {
      const response = await t.app.inject({ method: 'GET', url });
      // a missing product is the rendered not-found page
      expect(response.statusCode, url).toBe(url === '/products/no-such-paddle' || url.includes('99999') ? 404 : 200);
      expect(response.headers.link ?? '', url).not.toContain('as=image');
    }
  });

  it('keeps answers until a successful write empties them', async () => {
    const other = Fastify();
    other.post('/write', async () => ({ ok: true }));
    const images = installPageImagePreloads(other, t.db, { cacheMs: 60_000 });
    installCacheInvalidation(other, t.database, [images]);
    expect(await images.lookup('/')).toEqual(catalogImagePreload('/uploads/bravo.webp', HERO_IMAGE_SIZES));
    await t.db.update(products).set({ imageUrl: '/uploads/bravo-2.webp' }).where(eq(products.id, ids['Bravo Paddle']!));
    expect((await images.lookup('/'))?.href).toBe('/uploads/bravo.webp');
    await other.inject({ method: 'POST', url: '/write' });
    expect((await images.lookup('/'))?.href).toBe('/uploads/bravo-2.webp');
    await other.close();
  });

  it('does not hold the page up for a database that does not answer', async () => {
    // every query builder step returns itself, and awaiting it never settles
    const stalled: unknown = new Proxy(() => {}, { get: (_target, prop) => (prop === 'then' ? () => {} : () => stalled) });
    const other = Fastify();
    const images = installPageImagePreloads(other, stalled as Database, { cacheMs: 60_000, timeoutMs: 20 });
    const started = Date.now();
    expect(await images.lookup('/products/1')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    await other.close();
  });

  it('keeps neither a failed read nor a stuck one, so the preload comes back with the database', async () => {
    // a database that answers, fails or never answers, as the test says when a query runs (queries are
    // built, and some prepared, long before they run)
    let mode: 'answer' | 'fail' | 'stall' = 'fail';
    const running = <T>(run: () => Promise<T>): Promise<T> =>
      mode === 'fail' ? Promise.reject(new Error('database went away')) : mode === 'stall' ? new Promise<T>(() => {}) : run();
    const live = <T extends object>(value: T): T =>
      new Proxy(value, {
        get: (target, prop) => {
          const member: unknown = Reflect.get(target, prop);
          if (typeof member !== 'function') return member;
          if (prop === 'then') {
            return (resolve: (value: unknown) => void, reject: (error: unknown) => void) =>
              running(() => new Promise((settle, fail) => member.call(target, settle, fail))).then(resolve, reject);
          }
          if (prop === 'execute') return (...args: unknown[]) => running(() => member.apply(target, args) as Promise<unknown>);
          return (...args: unknown[]) => {
            const result: unknown = member.apply(target, args);
            return result !== null && typeof result === 'object' ? live(result) : result;
          };
        },
      });
    const db = live(t.db);
    const other = Fastify();
    const images = installPageImagePreloads(other, db, { cacheMs: 60_000, timeoutMs: 50, abandonMs: 200 });
    const hero = await installPageImagePreloads(Fastify(), t.db, { cacheMs: 0 }).lookup('/');
    expect(hero).not.toBeNull();

    expect(await images.lookup('/')).toBeNull();
    mode = 'answer';
    expect(await images.lookup('/')).toEqual(hero);

    images.clear();
    mode = 'stall';
    expect(await images.lookup('/')).toBeNull();
    mode = 'answer';
    // still within the stuck read's time: shared, so no new read yet
    expect(await images.lookup('/')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await images.lookup('/')).toEqual(hero);
    await other.close();
  });

  it('matches ProductImage: no srcset for images without a thumbnail twin', () => {
    expect(catalogImagePreload('/images/hero.png', HERO_IMAGE_SIZES)).toEqual({ href: '/images/hero.png' });
    expect(catalogImagePreload(null, HERO_IMAGE_SIZES)).toBeNull();
  });
});
