import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The rendered head as a crawler or a browser tab reads it: the icons it links (served, cached), and a
// category page's own description and preview image. The client frame is the source index.html.

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { clientFiles: { 'index.html': await readFile('src/client/index.html', 'utf8') } });
  const [brand] = await insertBrands(t.db, { name: 'Iconic' });
  await insertProducts(t.db, [
    { name: 'Iconic Paddle', price: '99.00', stock: 3, brandId: brand!.id, imageUrl: '/uploads/iconic.webp' },
    { name: 'Iconic Edge', price: '89.00', stock: 2, brandId: brand!.id, imageUrl: '/uploads/iconic-edge.webp' },
  ]);
});
afterAll(() => t.close());

describe('the favicon', () => {
  it('is linked in the rendered head as SVG, 32 px PNG and apple-touch-icon, each served with a day’s cache', async () => {
    const head = headOf((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
    expect(head).toContain('<link rel="icon" href="/favicon-32x32.png" type="image/png" sizes="32x32"');
    expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');

    const svg = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    for (const [url, size] of [
      ['/favicon-32x32.png', 32],
      ['/apple-touch-icon.png', 180],
    ] as const) {
      const png = await t.app.inject({ method: 'GET', url });
      expect(png.statusCode, url).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['cache-control']).toBe('public, max-age=86400');
      const bytes = png.rawPayload;
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      // the IHDR chunk's width and height
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], url).toEqual([size, size]);
    }
  });
});

describe('a category page (the shop filtered by type or brand)', () => {
  it('has its own description and its products’ picture as og:image', async () => {
    const brands = await t.app.inject({ method: 'GET', url: '/api/brands' });
    const brandId = (brands.json() as { id: number; name: string }[]).find((brand) => brand.name === 'Iconic')!.id;
    const html = (await t.app.inject({ method: 'GET', url: `/shop?brand=${brandId}` })).body;
    expect(metaOf(html, 'description')).toBe('Iconic at Pickleball Shop: 2 items to choose from, with prices, stock and player reviews.');
    expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
    expect(metaOf(html, 'og:image')).toMatch(/^https:\/\/shop\.example\/uploads\/iconic(-edge)?\.webp$/);
    // the unfiltered shop keeps the site's description
    expect(metaOf((await t.app.inject({ method: 'GET', url: '/shop' })).body, 'description')).not.toContain('items to choose from');
  });
});
