import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '#server/test/admin-test-kit.ts';
import { startTestS3, type TestS3 } from '#server/test/s3-test-server.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { storeImage } from './media-service.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.stop());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();

// The same answers whether the images are on this instance's disk or in an S3 bucket (decision 029).
describe.each([
  ['local disk', () => ({})],
  ['S3', () => s3.env],
])('GET /uploads/:file from the %s store', (_kind, env) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(env());
    url = await storeImage(t.images, await png(600, 300), 'Court Shoe');
    // files beside the local uploads folder that traversal would reach
    await writeFile(path.join(t.dataDir, 'secret.webp'), 'secret');
    await writeFile(path.join(t.dataDir, 'session-secret'), 'secret');
  });
  afterAll(() => t?.close());

  it('serves a stored image with long cache, nosniff, its content type, length and tag', async () => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('answers 304 without a body when the browser already has it (strong or weak tag)', async () => {
    const { etag } = (await t.app.inject({ url })).headers;
    for (const ifNoneMatch of [etag as string, `W/${etag}`]) {
      const res = await t.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    const stale = await t.app.inject({ url, headers: { 'if-none-match': '"an-older-tag"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(etag);
  });

  it('serves the thumbnail twin', async () => {
    const res = await t.app.inject({ url: url.replace('.webp', '-thumb.webp') });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
  });

  it('answers HEAD with the length and tag, without a body', async () => {
    const full = await t.app.inject({ url });
    const res = await t.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(res.headers.etag).toBe(full.headers.etag);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'HEAD', url: '/uploads/nothing-here.webp' })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown file', async () => {
    const res = await t.app.inject({ url: '/uploads/nothing-here.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('serves an image uploaded through an admin form, and 404 once its record is deleted', async () => {
    const admin = await t.signIn({ admin: true });
    const form = await multipartBody({ name: 'Stored Brand', image: { bytes: await png(300, 200), filename: 'logo.png', type: 'image/png' } });
    const created = await admin.inject({ method: 'POST', url: '/api/brands', ...form });
    expect(created.statusCode).toBe(201);
    const { id, imageUrl } = created.json();
    expect(imageUrl).toMatch(/^\/uploads\/stored-brand-[0-9a-f]{12}\.webp$/);
    expect((await t.app.inject({ url: imageUrl })).statusCode).toBe(200);
    expect((await admin.inject({ method: 'DELETE', url: `/api/brands/${id}` })).statusCode).toBeLessThan(300);
    expect((await t.app.inject({ url: imageUrl })).statusCode).toBe(404);
  });

  it.each([
    '/uploads/../secret.webp',
    '/uploads/../session-secret',
    '/uploads/..%2fsecret.webp',
    '/uploads/%2e%2e%2fsecret.webp',
    '/uploads/%2e%2e/secret.webp',
    '/uploads/..%5csecret.webp',
    '/uploads/%2E%2E%2Fsession-secret',
    '/uploads/sub/dir.webp',
    '/uploads/Court.webp',
    '/uploads/x.png',
    '/uploads/.webp',
    '/uploads/',
  ])('answers 404 to %s', async (attempt) => {
    const res = await t.app.inject({ url: attempt });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret');
  });

  it('answers 400 to a NUL in the name, as to any control character in a route parameter', async () => {
    const res = await t.app.inject({ url: '/uploads/a.webp%00.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/must not contain control characters$/);
  });

  it('is not served under /api', async () => {
    const res = await t.app.inject({ url: `/api${url}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('when the S3 store is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // a port nothing listens on: every connection is refused, as with a stopped S3 server
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    t = await createTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` });
  });
  afterAll(() => t?.close());

  it('answers an image request 503 with a clear message and Retry-After, never 500', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/uploads/court-shoe-0123456789ab.webp' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      if (method === 'GET') expect(res.json()).toEqual({ message: 'Images are briefly unavailable. Please try again in a moment.' });
    }
  });

  it('answers an upload 503 and saves no record pointing at an image that is not there', async () => {
    const admin = await t.signIn({ admin: true });
    const form = await multipartBody({ name: 'Unsaved Brand', image: { bytes: await png(300, 200), filename: 'logo.png', type: 'image/png' } });
    const res = await admin.inject({ method: 'POST', url: '/api/brands', ...form });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Images are briefly unavailable. Please try again in a moment.' });
    const brands = (await t.app.inject({ url: '/api/brands' })).json() as Array<{ name: string }>;
    expect(brands.map((brand) => brand.name)).not.toContain('Unsaved Brand');
  });
});
