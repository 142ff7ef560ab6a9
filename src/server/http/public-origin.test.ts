import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '#server/db/schema.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The shop's public address is configuration (PUBLIC_URL, else http://localhost:PORT), never a request
// header: a forged Host, or X-Forwarded-Host from a believed proxy, must not put a victim's live reset
// token in a link to the forger's site, nor reach the canonical links, JSON-LD, sitemap or robots.txt
// of pages that shared caches keep (public, s-maxage=5).

const FORGED = 'evil.example';
const forgedHeaders = [
  ['Host', { host: FORGED }],
  ['X-Forwarded-Host behind a believed proxy', { 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https' }],
] as const;

const CLIENT_HTML =
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

describe.each([
  ['without PUBLIC_URL', {}, 'http://localhost:3000'],
  ['with PUBLIC_URL', { PUBLIC_URL: 'https://shop.example/' }, 'https://shop.example'],
])('absolute links %s', (_label, env, origin) => {
  let t: TestApp;
  let productSlug: string;
  let ip = 0;

  beforeAll(async () => {
    // the proxy is believed: X-Forwarded-Host and -Proto are what request.host and request.protocol read
    t = await createTestApp({ ...env, TRUST_PROXY: '1', RESPONSE_CACHE: 'on' }, { clientFiles: { 'index.html': CLIENT_HTML } });
    const [product] = await insertProducts(t.db, { name: 'Linked Paddle', price: '99.00', stock: 3 });
    productSlug = product!.slug;
  });
  afterAll(() => t.close());

  it.each(forgedHeaders)('a password reset asked with a forged %s links to the shop', async (_what, headers) => {
    const shopper = await t.signIn();
    const email = `${shopper.username}@example.com`;
    ip += 1;
    const asked = await t.app.inject({ method: 'POST', url: '/api/forgot-password', remoteAddress: `10.7.0.${ip}`, headers, payload: { email } });
    expect(asked.statusCode).toBe(202);
    const mail = await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'password-reset')));
        if (!row) throw new Error('no reset e-mail yet');
        return row;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(mail.text).toContain(`${origin}/reset-password?token=`);
    expect(mail.html).toContain(`${origin}/reset-password?token=`);
    expect(`${mail.text}${mail.html}`).not.toContain(FORGED);
  });

  it.each(forgedHeaders)('the sitemap and robots.txt asked with a forged %s name the shop', async (_what, headers) => {
    const sitemap = await t.app.inject({ url: '/sitemap.xml', headers });
    expect(sitemap.body).toContain(`<loc>${origin}/products/${productSlug}</loc>`);
    expect(sitemap.body).not.toContain(FORGED);
    const robots = await t.app.inject({ url: '/robots.txt', headers });
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots.body).not.toContain(FORGED);
  });

  it.each(forgedHeaders)(
    'a product page asked with a forged %s (kept for everyone) names the shop in its canonical link and JSON-LD',
    async (_what, headers) => {
      const forged = await t.app.inject({ url: `/products/${productSlug}`, headers });
      expect(forged.statusCode).toBe(200);
      expect(forged.headers['cache-control']).toContain('s-maxage');
      expect(forged.body).toContain(`<link rel="canonical" href="${origin}/products/${productSlug}"`);
      expect(forged.body).toContain(`"url":"${origin}/products/${productSlug}"`);
      expect(forged.body).not.toContain(FORGED);
      // and the next visitor, asking plainly, gets the same page
      const plain = await t.app.inject({ url: `/products/${productSlug}` });
      expect(plain.body).not.toContain(FORGED);
    },
  );
});
