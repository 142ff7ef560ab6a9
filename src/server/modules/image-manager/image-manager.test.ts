import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrokenImageList, PotentialMatches } from '#common/schemas/admin-images.ts';
import { products } from '#server/db/schema.ts';
import { storeImage, uploadsDir } from '#server/modules/media/media-service.ts';
import { expectAdminOnly, samplePng } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
const ids: Record<string, number> = {};
const urls: Record<string, string> = {};
const fileName = (url: string) => url.replace('/uploads/', '');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const png = await samplePng(500, 300);
  for (const hint of ['Carbon Pro 16mm', 'Carbon Lite', 'Brand Logo', 'Vortex Pro', 'Totally Unrelated', 'Gone File', 'Bad File']) {
    urls[hint] = await storeImage(t.images, png, hint);
  }
  // a file that exists but is not an image any more, and one that is gone
  await writeFile(path.join(uploadsDir(t.dataDir), fileName(urls['Bad File']!)), 'corrupted');
  await rm(path.join(uploadsDir(t.dataDir), fileName(urls['Gone File']!)));
  const [brand] = await insertBrands(t.db, { name: 'Logo Brand', imageUrl: urls['Brand Logo'] });
  const rows = await insertProducts(t.db, [
    { name: 'Healthy Paddle', price: '1', brandId: brand!.id, imageUrl: urls['Vortex Pro'] },
    { name: 'Carbon Pro 16mm', sku: 'CP-16', price: '1', brandId: brand!.id, imageUrl: urls['Gone File'] },
    { name: 'No Image Paddle', price: '1', brandId: brand!.id, imageUrl: null },
    { name: 'Corrupt Paddle', price: '1', brandId: brand!.id, imageUrl: urls['Bad File'] },
    { name: 'Outside Paddle', price: '1', brandId: brand!.id, imageUrl: 'https://elsewhere.example/p.jpg' },
    { name: 'Deleted Paddle', price: '1', brandId: brand!.id, imageUrl: null, isDeleted: true },
  ]);
  for (const row of rows) ids[row.name] = row.id;
});
afterAll(() => t.close());

describe('image manager guards', () => {
  it('refuses anonymous (401) and regular users (403), changing nothing', async () => {
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/image-manager/broken-images' },
        { method: 'GET', url: `/api/image-manager/potential-matches/${ids['Carbon Pro 16mm']}` },
        { method: 'POST', url: '/api/image-manager/associate-image', payload: { productId: ids['Carbon Pro 16mm'], filename: fileName(urls['Carbon Lite']!) } },
      ],
      () => t.db.select().from(products).orderBy(products.id),
    );
  });
});

describe('GET /api/image-manager/broken-images', () => {
  it('lists products on sale whose image is missing, gone, unreadable or not ours', async () => {
    const res = await admin.inject({ url: '/api/image-manager/broken-images' });
    expect(res.statusCode).toBe(200);
    const { brokenImages } = BrokenImageList.parse(res.json());
    expect(brokenImages.map((b) => b.name)).toEqual(['Carbon Pro 16mm', 'Corrupt Paddle', 'No Image Paddle', 'Outside Paddle']);
    expect(brokenImages[0]).toEqual({ id: ids['Carbon Pro 16mm'], name: 'Carbon Pro 16mm', imageUrl: urls['Gone File'] });
  });
});

describe('GET /api/image-manager/potential-matches/:productId', () => {
  it('suggests unused uploads sharing words with the name or SKU, best first', async () => {
    const res = await admin.inject({ url: `/api/image-manager/potential-matches/${ids['Carbon Pro 16mm']}` });
    expect(res.statusCode).toBe(200);
    const body = PotentialMatches.parse(res.json());
    expect(body.product).toMatchObject({ id: ids['Carbon Pro 16mm'], name: 'Carbon Pro 16mm', sku: 'CP-16' });
    // Vortex Pro shares "pro" but is in use; the brand logo is in use; thumbnails are never offered
    expect(body.potentialMatches).toEqual([{ filename: fileName(urls['Carbon Pro 16mm']!) }, { filename: fileName(urls['Carbon Lite']!) }]);
  });

  it('answers an empty list when nothing resembles the product, 404 for a missing one, 400 for a bad id', async () => {
    expect((await admin.inject({ url: `/api/image-manager/potential-matches/${ids['No Image Paddle']}` })).json().potentialMatches).toEqual([]);
    expect((await admin.inject({ url: `/api/image-manager/potential-matches/${ids['Deleted Paddle']}` })).statusCode).toBe(404);
    expect((await admin.inject({ url: '/api/image-manager/potential-matches/abc' })).statusCode).toBe(400);
  });
});

describe('POST /api/image-manager/associate-image', () => {
  const associate = (payload: object) => admin.inject({ method: 'POST', url: '/api/image-manager/associate-image', payload });

  it('points the product at the file and it is no longer broken', async () => {
    const filename = fileName(urls['Carbon Pro 16mm']!);
    const res = await associate({ productId: ids['Carbon Pro 16mm'], filename });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: ids['Carbon Pro 16mm'], name: 'Carbon Pro 16mm', imageUrl: `/uploads/${filename}` });
    const { brokenImages } = (await admin.inject({ url: '/api/image-manager/broken-images' })).json();
    expect(brokenImages.map((b: { name: string }) => b.name)).not.toContain('Carbon Pro 16mm');
  });

  it('draws a missing thumbnail again', async () => {
    const filename = fileName(urls['Totally Unrelated']!);
    const thumb = path.join(uploadsDir(t.dataDir), filename.replace('.webp', '-thumb.webp'));
    await rm(thumb);
    expect((await associate({ productId: ids['No Image Paddle'], filename })).statusCode).toBe(200);
    expect(existsSync(thumb)).toBe(true);
  });

  it.each([
    ['../../etc/passwd', 'filename must be the plain name of an uploaded .webp file'],
    ['..%2F..%2Fsecret.webp', 'filename must be the plain name of an uploaded .webp file'],
    ['/uploads/x.webp', 'filename must be the plain name of an uploaded .webp file'],
    ['photo.png', 'filename must be the plain name of an uploaded .webp file'],
    ['does-not-exist.webp', 'No readable uploaded image named "does-not-exist.webp"'],
  ])('refuses %s with 400', async (filename, message) => {
    const before = await t.db.select().from(products).where(eq(products.id, ids['Corrupt Paddle']!));
    const res = await associate({ productId: ids['Corrupt Paddle'], filename });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(products).where(eq(products.id, ids['Corrupt Paddle']!))).toEqual(before);
  });

  it('refuses a corrupt file, a thumbnail and a deleted product', async () => {
    expect((await associate({ productId: ids['Corrupt Paddle'], filename: fileName(urls['Bad File']!) })).statusCode).toBe(400);
    const thumb = fileName(urls['Carbon Lite']!).replace('.webp', '-thumb.webp');
    expect((await associate({ productId: ids['Corrupt Paddle'], filename: thumb })).json()).toEqual({ message: 'Choose the full image, not its thumbnail' });
    expect((await associate({ productId: ids['Deleted Paddle'], filename: fileName(urls['Carbon Lite']!) })).statusCode).toBe(404);
    expect((await associate({ productId: 'x', filename: fileName(urls['Carbon Lite']!) })).statusCode).toBe(400);
  });
});
