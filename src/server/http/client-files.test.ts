import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The built client's hashed bundles are served from /assets/ by one wildcard route, cached for a year; nothing
// else in the build folder is a file anyone can ask for, and no path leaves the folder.

const SHELL = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';
const BUNDLE = 'export const answer = 42;\n';

describe('the client build', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'shop-client-files-'));
    await mkdir(path.join(clientDir, 'assets'));
    await mkdir(path.join(clientDir, '.vite'));
    await writeFile(path.join(clientDir, 'index.html'), SHELL);
    await writeFile(path.join(clientDir, 'assets', 'app-Ab12.js'), BUNDLE);
    await writeFile(path.join(clientDir, '.vite', 'manifest.json'), '{}');
    t = await createTestApp({}, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

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
