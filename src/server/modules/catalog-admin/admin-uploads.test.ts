import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#common/constants.ts';
import { thumbnailUrl } from '#common/schemas/catalog.ts';
import { products } from '#server/db/schema.ts';
import { uploadsDir } from '#server/modules/media/media-service.ts';
import { multipartBody, sampleJpeg, samplePng, type FormFile } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: 'Upload Brand' });
  brandId = brand!.id;
  await mkdir(uploadsDir(t.dataDir), { recursive: true });
});
afterAll(() => t.close());

const uploadProduct = async (image: FormFile, name = 'Upload Paddle') =>
  admin.inject({
    method: 'POST',
    url: '/api/products',
    ...(await multipartBody({ name, price: '50', brandId: String(brandId), image })),
  });
const filesOnDisk = async () => (await readdir(uploadsDir(t.dataDir))).sort();
const productCount = async () => (await t.db.select().from(products)).length;
const fileOf = (url: string) => path.join(uploadsDir(t.dataDir), url.replace('/uploads/', ''));

describe('image uploads on admin forms', () => {
  it.each([
    ['PNG', samplePng, 'image/png', 'paddle.png'],
    ['JPEG', sampleJpeg, 'image/jpeg', 'Paddle Photo.JPG'],
  ])('accepts a real %s and stores WebP with a thumbnail under a slug-plus-random name', async (_kind, make, type, filename) => {
    const res = await uploadProduct({ bytes: await make(800, 600), filename, type }, 'Vortex Pro 16mm');
    expect(res.statusCode).toBe(201);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/uploads\/vortex-pro-16mm-[0-9a-f]{12}\.webp$/);
    const stored = await sharp(await readFile(fileOf(imageUrl))).metadata();
    expect(stored.format).toBe('webp');
    const thumb = await sharp(await readFile(fileOf(thumbnailUrl(imageUrl)!))).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 400 });
    expect(await filesOnDisk()).not.toContain(filename);
  });

  it('refuses a text file named .png with 415, storing nothing', async () => {
    const before = { files: await filesOnDisk(), products: await productCount() };
    const res = await uploadProduct({ bytes: Buffer.from('definitely not a picture'), filename: 'fake.png', type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted' });
    expect({ files: await filesOnDisk(), products: await productCount() }).toEqual(before);
  });

  it('refuses an SVG carrying a script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    const before = await productCount();
    const res = await uploadProduct({ bytes: svg, filename: 'logo.svg', type: 'image/svg+xml' });
    expect(res.statusCode).toBe(415);
    expect(await productCount()).toBe(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const png = await samplePng();
    const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length + 10)]);
    const before = { files: await filesOnDisk(), products: await productCount() };
    const res = await uploadProduct({ bytes: big, filename: 'huge.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File is too large (at most 5 MB)' });
    expect({ files: await filesOnDisk(), products: await productCount() }).toEqual(before);
  });

  it('accepts an image just under 5 MB (the 1 MB JSON limit does not apply to files)', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 900, height: 900, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect(noise.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect((await uploadProduct({ bytes: noise, filename: 'noise.png', type: 'image/png' })).statusCode).toBe(201);
  });

  it('never uses the client file name as a path', async () => {
    const res = await uploadProduct({ bytes: await samplePng(), filename: '../../../etc/passwd.png', type: 'image/png' }, '../../evil');
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrl).toMatch(/^\/uploads\/evil-[0-9a-f]{12}\.webp$/);
    expect(existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
    expect(existsSync(path.join(path.dirname(t.dataDir), 'etc', 'passwd.png'))).toBe(false);
  });

  it('refuses a file in another field than image with 400', async () => {
    const png = { bytes: await samplePng(), filename: 'a.png', type: 'image/png' };
    const other = await admin.inject({
      method: 'POST',
      url: '/api/products',
      ...(await multipartBody({ name: 'X', price: '1', brandId: String(brandId), avatar: png })),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Unexpected file field "avatar"; the image goes in "image"');
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['a body cut short', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nCut'],
  ])('answers a malformed form (%s) with 400, not 500', async (_what, contentType, payload) => {
    const res = await admin.inject({ method: 'POST', url: '/api/products', headers: { 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed multipart form data' });
  });

  it('refuses a second file and an over-long text field with 413', async () => {
    const one = await multipartBody({ name: 'Two', image: { bytes: await samplePng(), filename: 'a.png', type: 'image/png' } });
    const body = (one.payload as Buffer).toString('latin1');
    const boundary = String(one.headers!['content-type']).split('boundary=')[1]!;
    const filePart = body.slice(body.indexOf(`--${boundary}\r\nContent-Disposition: form-data; name="image"`), body.lastIndexOf(`--${boundary}--`));
    const twoFiles = Buffer.from(body.replace(`--${boundary}--`, `${filePart}--${boundary}--`), 'latin1');
    const two = await admin.inject({ method: 'POST', url: '/api/products', headers: one.headers, payload: twoFiles });
    expect(two.statusCode).toBe(413);
    expect(two.json()).toEqual({ message: 'Too many files' });
    const long = await admin.inject({ method: 'POST', url: '/api/products', ...(await multipartBody({ name: 'x'.repeat(70_000) })) });
    expect(long.statusCode).toBe(413);
    expect(long.json()).toEqual({ message: 'The name field is too long' });
  });

  it('ignores the empty file part a browser sends when no file was chosen', async () => {
    const res = await uploadProduct({ bytes: Buffer.alloc(0), filename: '', type: 'application/octet-stream' });
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrl).toBeNull();
  });
});
