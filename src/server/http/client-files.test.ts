import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The built client's hashed bundles are served from /assets/ by one wildcard route, cached for a year; nothing
// else in the build folder is a file anyone can ask for, and no path leaves the folder.

const SHELL = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';
const BUNDLE = 'export const answer = 42;\n';

describe('the client build', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { clientFiles: { 'index.html': SHELL, 'assets/app-Ab12.js': BUNDLE, '.vite/manifest.json': '{}' } });
  });
  afterAll(() => t.close());

  it('serves a bundle with a year-long immutable cache and its type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-Ab12.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(BUNDLE);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-Ab12.js' });
    expect(head.statusCode).toBe(200);
  });

  it.each([
    '/assets/missing-Zz99.js',
    '/assets/../index.html',
    '/assets/%2e%2e/index.html',
    '/assets/..%2f.vite/manifest.json',
    '/.vite/manifest.json',
    '/index.html',
  ])('%s is not a file it serves', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
    expect(res.body).not.toBe('{}');
  });
});
