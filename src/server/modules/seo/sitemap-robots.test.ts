import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfo } from '#server/db/schema.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { sitemapXml } from './sitemap.ts';

let t: TestApp;
let onPublicUrl: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [brand] = await insertBrands(t.db, { name: 'Court & Kings', updatedAt: new Date('2026-02-01T00:00:00Z') });
  await insertProducts(t.db, [
    { name: 'Kings Carbon 16', price: '189.99', stock: 3, brandId: brand!.id, updatedAt: new Date('2026-03-01T10:00:00Z') },
    { name: 'Old Towel', price: '8.00', stock: 0, updatedAt: new Date('2026-01-05T00:00:00Z') },
    { name: 'Withdrawn Paddle', price: '99.00', isDeleted: true },
  ]);
  await t.db
    .update(contactInfo)
    .set({ updatedAt: new Date('2026-01-02T00:00:00Z') })
    .where(eq(contactInfo.id, 1));
  onPublicUrl = await createTestApp({ PUBLIC_URL: 'https://shop.example/' }, { shareDatabaseWith: t });
});
afterAll(async () => {
  await onPublicUrl.close();
  await t.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
const lastmodOf = (xml: string, loc: string) => new RegExp(`<loc>${loc.replace(/[?]/g, '\\$&')}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];

describe('GET /sitemap.xml', () => {
  it('lists the content pages, categories, brands and products on sale, at the configured address whatever Host says', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'kitchenline.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(res.body)).toEqual([
      'http://localhost:3000/',
      'http://localhost:3000/shop',
      'http://localhost:3000/contact',
      'http://localhost:3000/policies',
      'http://localhost:3000/shop?type=accessories',
      'http://localhost:3000/brands/court-and-kings',
      'http://localhost:3000/products/kings-carbon-16',
      'http://localhost:3000/products/old-towel',
    ]);
  });

  it('dates each page by its last change', async () => {
    const xml = (await t.app.inject({ url: '/sitemap.xml', headers: { host: 'kitchenline.example' } })).body;
    const at = (path: string) => lastmodOf(xml, `http://localhost:3000${path}`);
    expect(at('/products/kings-carbon-16')).toBe('2026-03-01T10:00:00.000Z');
    expect(at('/products/old-towel')).toBe('2026-01-05T00:00:00.000Z');
    expect(at('/brands/court-and-kings')).toBe('2026-02-01T00:00:00.000Z');
    expect(at('/shop')).toBe('2026-03-01T10:00:00.000Z');
    expect(at('/shop?type=accessories')).toBe('2026-03-01T10:00:00.000Z');
    expect(at('/contact')).toBe('2026-01-02T00:00:00.000Z');
  });

  it('uses PUBLIC_URL when set, and escapes what XML must', async () => {
    const xml = (await onPublicUrl.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } })).body;
    expect(locs(xml)[0]).toBe('https://shop.example/');
    expect(xml).not.toContain('evil.example');
    expect(sitemapXml([{ path: '/shop?type=a&b', updatedAt: new Date('2026-01-01T00:00:00Z') }], 'https://shop.example')).toContain(
      '<url><loc>https://shop.example/shop?type=a&amp;b</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></url>',
    );
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the back office, the API, carts, checkout, sign-in and account pages, and names the sitemap', async () => {
    const res = await onPublicUrl.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /order-confirmation',
        'Disallow: /auth',
        'Disallow: /reset-password',
        'Disallow: /profile',
        'Disallow: /orders/',
        'Disallow: /order-lookup',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('GET /logo.svg', () => {
  it('serves the logo the structured data names', async () => {
    const res = await t.app.inject('/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('<svg');
  });
});
