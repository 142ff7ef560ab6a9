import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { productTypes } from '#server/db/schema.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The product video (decision 068): the owner's YouTube or Vimeo address, refused for any other host,
// kept as provider and id, answered on the product page's read, and the CSP's frames limited to the two
// privacy-enhanced players beside Stripe's.

let t: TestApp;
let admin: SignedIn;
let brandId: number;
let accessories: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  brandId = (await insertBrands(t.db, { name: 'Video Brand' }))[0]!.id;
  accessories = (await t.db.select().from(productTypes)).find((type) => type.slug === 'accessories')!.id;
});
afterAll(() => t.close());

let count = 0;
const document = (fields: Record<string, unknown> = {}) => ({
  name: `Video Cover ${(count += 1)}`,
  brandId,
  productTypeId: accessories,
  variants: [{ sku: `VID-${count}`, price: '19.00', stock: 4 }],
  ...fields,
});
const create = (payload: object) => admin.inject({ method: 'POST', url: '/api/admin/products/document', payload });
const put = (id: number, payload: object) => admin.inject({ method: 'PUT', url: `/api/admin/products/${id}/document`, payload });
const read = async (id: number): Promise<SavedProductDocument> => (await admin.inject({ method: 'GET', url: `/api/admin/products/${id}/document` })).json();
const videoOnPage = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().video;
const asLoaded = (doc: SavedProductDocument) => ({ ...doc, variants: doc.variants.map((variant) => ({ ...variant, stockWas: variant.stock })) });

describe('the product video', () => {
  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.dailymotion.com/video/x8abcd',
    'javascript:alert(1)',
    'https://www.youtube.com/channel/UC1234',
  ])('refuses %s with a 400 saying what it takes', async (videoUrl) => {
    const res = await create(document({ videoUrl }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Video must be a YouTube or Vimeo link');
  });

  it('keeps a YouTube address as its id: the editor reads the watch page back, the product page the provider and id', async () => {
    const res = await create(document({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ?si=tracking' }));
    expect(res.statusCode, res.body).toBe(201);
    const saved: SavedProductDocument = res.json();
    expect(saved.videoUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(await videoOnPage(saved.id)).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
  });

  it('keeps the video when a save leaves it out (the CSV import), changes it to Vimeo, and removes it on null', async () => {
    const saved: SavedProductDocument = (await create(document({ videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }))).json();
    const { videoUrl: _left, ...withoutVideo } = asLoaded(saved);
    expect((await put(saved.id, { ...withoutVideo, description: 'Now with a zip' })).statusCode).toBe(200);
    expect((await read(saved.id)).videoUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    expect((await put(saved.id, { ...asLoaded(await read(saved.id)), videoUrl: 'https://player.vimeo.com/video/76979871?h=x' })).statusCode).toBe(200);
    expect(await videoOnPage(saved.id)).toEqual({ provider: 'vimeo', id: '76979871' });

    expect((await put(saved.id, { ...asLoaded(await read(saved.id)), videoUrl: null })).statusCode).toBe(200);
    expect((await read(saved.id)).videoUrl).toBeNull();
    expect(await videoOnPage(saved.id)).toBeNull();
  });

  it('is the only frame source the CSP adds to Stripe’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const frameSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('frame-src '));
    expect(frameSrc).toBe(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com https://player.vimeo.com',
    );
  });
});
