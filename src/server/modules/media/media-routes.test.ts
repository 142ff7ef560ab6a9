import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { storeImage } from './media-service.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  url = await storeImage(t.images, png, 'Court Shoe');
  // a file beside the uploads folder that traversal would reach
  await writeFile(path.join(t.dataDir, 'secret.webp'), 'secret');
  await writeFile(path.join(t.dataDir, 'session-secret'), 'secret');
});
afterAll(() => t.close());

describe('GET /uploads/:file', () => {
  it('serves a stored image with long cache, nosniff and its content type', async () => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('serves the thumbnail twin', async () => {
    const res = await t.app.inject({ url: url.replace('.webp', '-thumb.webp') });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
  });

  it('answers HEAD without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('answers 404 for an unknown file', async () => {
    const res = await t.app.inject({ url: '/uploads/nothing-here.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
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
