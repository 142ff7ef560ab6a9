import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants, siteSettings, slugRedirects } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';

// Without the response cache every page request reads its data; a page drawn from the same answers as
// the last one is not drawn again (render-memo.ts). What a visitor gets must not tell the two apart.

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe('rendered pages drawn once per set of answers', () => {
  let t: TestApp;
  let productId: number;
  let page: string;

  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CACHE: 'off' }, { clientFiles: {} });
    const [row] = await insertProducts(t.db, { name: 'Alpha Paddle', price: '99.00', stock: 3, description: 'A light paddle.' });
    productId = row!.id;
    page = `/products/${row!.slug}`;
  });

  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('shows a change made behind the app at once: the reads are made for every request', async () => {
    const first = await get(page);
    expect(first.statusCode).toBe(200);
    expect((await get(page)).body).toBe(first.body);

    await t.db.update(products).set({ name: 'Renamed Paddle' }).where(eq(products.id, productId));
    await t.db.update(productVariants).set({ price: '89.00' }).where(eq(productVariants.productId, productId));
    const changed = (await get(page)).body;
    expect(rootOf(changed).includes('Renamed Paddle') && rootOf(changed).includes('$89.00')).toBe(true);
    expect(changed.includes('Alpha Paddle')).toBe(false);

    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, productId));
    expect(rootOf((await get(page)).body).includes('Out of Stock')).toBe(true);

    await t.db.update(siteSettings).set({ siteTitle: 'Kitchen Line Shop' });
    expect((await get(page)).body).toContain('<title>Renamed Paddle | Kitchen Line Shop</title>');
    await t.db.update(products).set({ name: 'Alpha Paddle' }).where(eq(products.id, productId));
    await t.db.update(productVariants).set({ price: '99.00', stock: 3 }).where(eq(productVariants.productId, productId));
  });

  it('sends a page in the encoding asked for, the same page as unencoded, with an ETag a revalidation matches', async () => {
    const plain = await get(page);
    const gzip = await get(page, { 'accept-encoding': 'gzip' });
    const br = await get(page, { 'accept-encoding': 'gzip, deflate, br' });
    const deflate = await get(page, { 'accept-encoding': 'deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    // an encoding not kept is left to @fastify/compress
    expect(deflate.headers['content-encoding']).toBe('deflate');
    for (const encoded of [gzip, br]) expect(encoded.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);

    const etag = String(gzip.headers.etag);
    expect(etag).toMatch(/^"/);
    expect(br.headers.etag).not.toBe(etag);
    const again = await get(page, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("keeps a signed-in visitor's copy private, whoever asked for the page first", async () => {
    expect((await get(page, { 'accept-encoding': 'gzip' })).headers['cache-control']).toContain('public');
    const user = await t.signIn();
    const signedIn = await user.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'gzip' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers a missing product with its not-found page every time', async () => {
    for (let index = 0; index < 2; index += 1) {
      const missing = await get('/products/no-such-paddle', { 'accept-encoding': 'gzip' });
      expect(missing.statusCode).toBe(404);
      expect(gunzipSync(missing.rawPayload).toString()).toContain('Product Not Found');
    }
  });

  it("sends a kept page's address on to the product's new one once its slug changes, and draws the new one", async () => {
    const [row] = await insertProducts(t.db, { name: 'Bravo Paddle', price: '129.00', stock: 2 });
    const before = `/products/${row!.slug}`;
    expect((await get(before)).statusCode).toBe(200);
    expect((await get(before)).statusCode).toBe(200);
    // renamed as the catalogue's admin renames: the new slug, and the old one kept as a redirect
    await t.db.update(products).set({ slug: 'bravo-paddle-pro' }).where(eq(products.id, row!.id));
    await t.db.insert(slugRedirects).values({ kind: 'product', oldSlug: row!.slug, targetId: row!.id });
    const moved = await get(`${before}?ref=mail`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/products/bravo-paddle-pro?ref=mail');
    const after = await get('/products/bravo-paddle-pro');
    expect(after.statusCode).toBe(200);
    expect(after.body.includes('<link rel="canonical" href="http://localhost:3000/products/bravo-paddle-pro" />')).toBe(true);
    // its id too
    expect((await get(`/products/${row!.id}`)).headers.location).toBe('/products/bravo-paddle-pro');
  });
});
