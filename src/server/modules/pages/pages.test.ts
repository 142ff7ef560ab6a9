import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteSettings } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertCatalogueForFacets, insertProducts } from '#server/test/catalog-fixtures.ts';
import { inProcessReads } from './in-process-reads.ts';

// Every storefront address read as a crawler reads it: the first HTML, no JavaScript run.

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe('server-rendered storefront pages', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let brandId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { clientFiles: {} });
    await t.db.update(siteSettings).set({ siteTitle: 'Dink Shop', heroDescription: 'Gear for every dink.' });
    const [brand] = await insertBrands(t.db, { name: 'Acme', description: 'Paddles made in Ohio.' });
    brandId = brand!.id;
    const rows = await insertProducts(t.db, [
      { name: 'Alpha Paddle', price: '99.00', stock: 3, brandId, description: 'A light paddle for touch players.', imageUrl: '/uploads/alpha.webp' },
      { name: 'Bravo Paddle', price: '129.99', stock: 5, brandId, isFeatured: true, imageUrl: '/uploads/bravo.webp' },
      ...Array.from({ length: 30 }, (_, index) => ({ name: `Practice Ball ${String(index + 1).padStart(2, '0')}`, price: '3.00', stock: 10 })),
    ]);
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  afterAll(() => t.close());

  it('home: the featured products, the site title and description, canonical and preview tags', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/?utm_source=mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(titleOf(html)).toBe('Dink Shop');
    expect(metaOf(html, 'description')).toBe('Gear for every dink.');
    expect(canonicalOf(html)).toBe('https://shop.example/');
    expect(metaOf(html, 'og:title')).toBe('Dink Shop');
    expect(metaOf(html, 'twitter:card')).toBeDefined();
    expect(rootOf(html)).toContain('Bravo Paddle');
    expect(rootOf(html)).toContain('$129.99');
    expect(html).toContain('<script id="page-state" type="application/json">');
  });

  it('shop: the page of products its address asks for, pagination as links, canonical without filters', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/shop' });
    expect(first.statusCode).toBe(200);
    expect(titleOf(first.body)).toBe('Shop | Dink Shop');
    expect(canonicalOf(first.body)).toBe('https://shop.example/shop');
    expect(rootOf(first.body)).toContain('Alpha Paddle');
    expect(rootOf(first.body)).toMatch(/<a [^>]*href="\/shop\?page=2"/);
    expect(rootOf(first.body)).toMatch(/srcset="\/uploads\/alpha-thumb\.webp 400w, \/uploads\/alpha\.webp 1200w"/i);

    const second = await t.app.inject({ method: 'GET', url: '/shop?page=2' });
    expect(canonicalOf(second.body)).toBe('https://shop.example/shop?page=2');
    expect(rootOf(second.body)).toContain('Practice Ball 30');
    expect(rootOf(second.body)).not.toContain('Alpha Paddle');

    const filtered = await t.app.inject({ method: 'GET', url: `/shop?brand=${brandId}&sort=price_asc&page=1` });
    expect(titleOf(filtered.body)).toBe('Acme | Dink Shop');
    expect(canonicalOf(filtered.body)).toBe('https://shop.example/shop');
    expect(rootOf(filtered.body)).toContain('Alpha Paddle');
    expect(rootOf(filtered.body)).not.toContain('Practice Ball');
  });

  it('shop: a query the API refuses (an over-long search) answers 400 with the shop showing the failure, never a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/shop?search=${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(400);
    expect(rootOf(response.body)).toContain('load the products');
  });

  it('product: its name, price, description, image and product preview tags', async () => {
    // its id answers 301 to its slug address (page-loaders.ts), which is the page
    const byId = await t.app.inject({ method: 'GET', url: `/products/${ids['Alpha Paddle']}?fbclid=x` });
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe('/products/alpha-paddle?fbclid=x');
    const response = await t.app.inject({ method: 'GET', url: '/products/alpha-paddle?fbclid=x' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(titleOf(html)).toBe('Alpha Paddle | Dink Shop');
    expect(metaOf(html, 'description')).toBe('A light paddle for touch players.');
    expect(canonicalOf(html)).toBe('https://shop.example/products/alpha-paddle');
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:image')).toBe('https://shop.example/uploads/alpha.webp');
    expect(rootOf(html)).toMatch(/<h1[^>]*>Alpha Paddle<\/h1>/);
    expect(rootOf(html)).toContain('$99.00');
    // the delivery line is drawn with the page, from the answer the browser is handed (decision 062)
    expect(rootOf(html)).toContain('data-testid="delivery-line"');
    expect(rootOf(html)).toContain('<noscript>');
    // structured data: the product with its offer, and its breadcrumbs
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { '@type': string });
    expect(jsonLd.map((data) => data['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(jsonLd[0]).toMatchObject({
      name: 'Alpha Paddle',
      url: 'https://shop.example/products/alpha-paddle',
      offers: [{ price: '99.00', priceCurrency: 'USD' }],
    });
  });

  it('brand: its name, description and products', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/brands/acme' });
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Acme | Dink Shop');
    expect(metaOf(response.body, 'description')).toBe('Paddles made in Ohio.');
    expect(canonicalOf(response.body)).toBe('https://shop.example/brands/acme');
    expect(response.body).toContain('"@type":"BreadcrumbList"');
    expect(rootOf(response.body)).toContain('Bravo Paddle');
  });

  it.each([
    ['/contact', 'Contact Us | Dink Shop'],
    ['/policies', 'Our Policies | Dink Shop'],
    ['/cart', 'Your Cart | Dink Shop'],
    ['/checkout', 'Checkout | Dink Shop'],
    ['/compare', 'Compare products | Dink Shop'],
    ['/gift-cards/balance', 'Gift card balance | Dink Shop'],
  ])('%s is rendered with its own title and canonical', async (url, title) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe(title);
    expect(canonicalOf(response.body)).toBe(`https://shop.example${url}`);
    expect(rootOf(response.body)).toContain('<h1');
  });

  it('/checkout: not indexed, its frame drawn with placeholders (the cart is in the browser), never an empty cart', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/checkout' });
    expect(response.statusCode).toBe(200);
    expect(metaOf(response.body, 'robots')).toBe('noindex');
    expect(rootOf(response.body)).toContain('Checkout</h1>');
    expect(rootOf(response.body)).toContain('Loading checkout');
    expect(rootOf(response.body)).not.toContain('Your cart is empty.');
  });

  it('sends every page compressed when the browser accepts it, HEAD included', async () => {
    for (const url of ['/', '/shop', '/policies', '/contact', '/products/no-such-product', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect([url, response.headers['content-encoding']]).toEqual([url, 'gzip']);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/shop' });
    expect(head.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-read' })).json()).toEqual({ message: 'Not found' });
  });

  it('gives each loader one slot per JSON-LD object in the head', async () => {
    const { renderHead } = await import('./page-head.ts');
    const head = renderHead(
      { title: 'T', description: 'D', canonical: '/x', image: null, ogType: 'website', jsonLd: [{ '@type': 'Thing', name: '</script>' }] },
      'https://shop.example',
      'Dink Shop',
    );
    expect(head).toContain('<script type="application/ld+json">{"@type":"Thing","name":"\\u003c/script\\u003e"}</script>');
  });

  it.each([
    ['/no-such-page', '404 Page Not Found'],
    ['/products/999999', 'Product Not Found'],
    ['/products/not-a-product', 'Product Not Found'],
    ['/brands/999999', 'Brand Not Found'],
  ])('%s answers 404 with the not-found page rendered', async (url, heading) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(rootOf(response.body)).toContain(heading);
    expect(metaOf(response.body, 'robots')).toBe('noindex');
  });

  it('keeps account, checkout and admin pages client-rendered (the shell)', async () => {
    for (const url of ['/admin', '/auth', '/profile', '/order-confirmation']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("marks anonymous catalogue pages shareable for a CDN, a signed-in visitor's pages private", async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/shop' });
    expect(anonymous.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
    const signedIn = await t.app.inject({ method: 'GET', url: '/shop', headers: { cookie: 'sid=whatever' } });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.body).not.toContain('Logout');
  });

  it('paddle finder: the quiz pre-filled from its address, a shared result with its matches and reasons, not indexed', async () => {
    await insertCatalogueForFacets(t.db, [
      {
        name: 'Finder Widebody',
        type: 'paddles',
        brandId,
        specs: { shape: ['Widebody'], static_weight: [7.4, 7.7] },
        variants: [{ price: '79.00', stock: 2, options: { core_thickness: '16 mm' } }],
      },
      { name: 'Finder Elongated', type: 'paddles', brandId, specs: { shape: ['Elongated'] }, variants: [{ price: '189.00', stock: 2 }] },
    ]);
    const quiz = await t.app.inject({ method: 'GET', url: '/paddle-finder?format=singles&colour=pink' });
    expect(quiz.statusCode).toBe(200);
    expect(titleOf(quiz.body)).toBe('Paddle finder | Dink Shop');
    expect(canonicalOf(quiz.body)).toBe('https://shop.example/paddle-finder');
    expect(rootOf(quiz.body)).toMatch(/<input type="radio"[^>]* name="format" checked="" value="singles"\/>/);
    expect(rootOf(quiz.body).match(/<form [^>]*action="\/paddle-finder\/results"[^>]*>/)?.[0]).toContain('method="get"');

    const results = await t.app.inject({ method: 'GET', url: '/paddle-finder/results?arm=yes&budget=under-100&skill=grandmaster' });
    expect(results.statusCode).toBe(200);
    expect(titleOf(results.body)).toBe('Your paddle matches | Dink Shop');
    expect(metaOf(results.body, 'robots')).toBe('noindex');
    expect(rootOf(results.body)).toContain('Finder Widebody');
    expect(rootOf(results.body)).toContain('Fits because at 7.4-7.7 oz it is light on your elbow and a thick 16 mm core soaks up vibration.');
    expect(rootOf(results.body)).not.toContain('Finder Elongated');
    expect(rootOf(results.body)).toMatch(/href="\/shop\?type=paddles&amp;price=-100"/);
  });

  it("preloads each page's largest image from its HTML, as its <img> asks for it, and names no image in its headers", async () => {
    for (const url of ['/', '/shop', '/products/bravo-paddle']) {
      const response = await t.app.inject({ method: 'GET', url });
      const image = /<img [^>]*fetchPriority="high"[^>]*>/.exec(rootOf(response.body))?.[0];
      const srcSet = image && /srcSet="([^"]+)"/.exec(image)?.[1];
      const sizes = image && /sizes="([^"]+)"/.exec(image)?.[1];
      expect(srcSet, url).toMatch(/^\/uploads\/.+-thumb\.webp 400w, \/uploads\/.+\.webp 1200w$/);
      expect(response.body, url).toContain(`<link rel="preload" as="image" imageSrcSet="${srcSet}" imageSizes="${sizes}" fetchPriority="high"/>`);
      expect(response.headers.link ?? '', url).not.toContain('as=image');
    }
  });

  it("reads through the render's own fetch: the process's fetch is neither replaced nor called", async () => {
    const platformFetch = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', platformFetch);
    try {
      const found = ['/', '/shop', '/products/alpha-paddle', '/brands/acme', '/compare', '/cart', '/contact', '/policies', '/paddle-finder/results?arm=yes'];
      for (const url of found) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      for (const url of ['/products/nope', '/brands/nope', '/nowhere']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect(globalThis.fetch).toBe(platformFetch);
      expect(platformFetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('answers only the public page reads while rendering: no account, cart or admin read', async () => {
    const read = inProcessReads(t.app);
    expect((await read('/api/brands', {})).status).toBe(200);
    for (const url of ['/api/user', '/api/admin/orders', '/api/cart/holds']) expect((await read(url, {})).status, url).toBe(403);
  });

  it('answers 503 with Retry-After and a friendly page, no stack trace, when a page cannot be read', async () => {
    // the settings every page starts from are gone: the database lacks the schema, as the API's 503 says
    await t.db.execute(sql`alter table site_settings rename to site_settings_away`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/shop' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(titleOf(response.body)).toBe('Something went wrong');
      expect(response.body).toContain('Back to Home');
      expect(response.body).not.toMatch(/at .*\.ts:\d+|site_settings|Error:/);
      expect(response.body).not.toContain('<script');
    } finally {
      await t.db.execute(sql`alter table site_settings_away rename to site_settings`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/shop' })).statusCode).toBe(200);
  });
});
