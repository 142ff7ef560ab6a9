import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';

// Rendered pages are kept like the catalogue reads (decision 013): until a successful write, and
// never for a visitor who carries a session.

describe('rendered pages in the response cache', () => {
  let t: TestApp;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CACHE: 'on' }, { clientFiles: {} });
    const [row] = await insertProducts(t.db, { name: 'Alpha Paddle', price: '99.00', stock: 3 });
    productId = row!.id;
  });

  afterAll(() => t.close());

  it('serves an anonymous page from the cache until a write empties it; a signed-in visitor always gets a fresh one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/shop' })).body).toContain('Alpha Paddle');
    // changed behind the app's back: the kept page still shows the old name
    await t.db.update(products).set({ name: 'Renamed Paddle' }).where(eq(products.id, productId));
    expect((await t.app.inject({ method: 'GET', url: '/shop' })).body).toContain('Alpha Paddle');

    const user = await t.signIn();
    const signedIn = await user.inject({ method: 'GET', url: '/shop' });
    expect(signedIn.body).toContain('Renamed Paddle');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');

    // any successful state-changing request empties it (here: signing out)
    await user.inject({ method: 'POST', url: '/api/logout' });
    expect((await t.app.inject({ method: 'GET', url: '/shop' })).body).toContain('Renamed Paddle');
  });

  it('keeps one page whatever host it was asked for, its links made for the configured address', async () => {
    const asked = async (host: string) => (await t.app.inject({ method: 'GET', url: '/policies', headers: { host } })).body;
    // no PUBLIC_URL here: http://localhost:PORT, never the Host header
    expect(await asked('shop-a.example')).toContain('href="http://localhost:3000/policies"');
    expect(await asked('shop-b.example')).toContain('href="http://localhost:3000/policies"');
    expect(await asked('shop-b.example')).not.toMatch(/shop-[ab]\.example/);
  });

  it('keeps product pages like the lists', async () => {
    const slug = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().slug as string;
    const page = () => t.app.inject({ method: 'GET', url: `/products/${slug}` });
    const before = await page();
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toContain('public');
    await t.db.update(products).set({ name: 'Changed Quietly' }).where(eq(products.id, productId));
    expect((await page()).body).toBe(before.body);
  });
});
