import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ROOT, runToEnd } from './processes.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface LazyChunk {
  /** source file of the lazily imported module, relative to src/client */
  src: string;
  kind: 'storefront-route' | 'admin' | 'lazy-component';
  /** its chunk plus every static import the home page has not loaded already */
  files: string[];
  gzipBytes: number;
}

export interface BundleResult {
  entry: string;
  homeStaticFiles: string[];
  homeStaticGzipBytes: number;
  /** every script Chromium fetched for the home page until the network was idle */
  homeLoadedFiles: string[];
  homeLoadedGzipBytes: number;
  lazyChunks: LazyChunk[];
  adminInFirstLoad: string[];
  stripeInFirstLoad: string[];
}

export async function buildClient(outDir: string): Promise<void> {
  await runToEnd(process.execPath, [
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--manifest',
    '--logLevel',
    'warn',
  ]);
}

/** Manifest keys of a chunk and everything it imports statically (what the browser must load before it runs). */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Every module reached through import() from the given chunks, however deep. */
export function dynamicEntries(manifest: Manifest, from: string[]): string[] {
  const found = new Set<string>();
  const queue = [...from];
  const visited = new Set<string>();
  while (queue.length) {
    const key = queue.shift()!;
    if (visited.has(key)) continue;
    visited.add(key);
    const chunk = manifest[key];
    for (const imported of chunk?.imports ?? []) queue.push(imported);
    for (const lazy of chunk?.dynamicImports ?? []) {
      found.add(lazy);
      queue.push(lazy);
    }
  }
  return [...found].sort();
}

/**
 * Admin and diagnostics pages (the admin areas' features/admin-*, the dashboard's app/admin/, a feature's own
 * admin page pages/admin-*) are not storefront routes and must stay out of its first load.
 */
export function classifyLazyChunk(src: string): LazyChunk['kind'] {
  if (/(^|\/)features\/(admin-[^/]+|diagnostics)\//.test(src) || /\/pages\/admin-/.test(src) || /^app\/admin(\/|-routes\.tsx$)/.test(src)) return 'admin';
  if (/(^|\/)(pages|routes)\//.test(src)) return 'storefront-route';
  return 'lazy-component';
}

async function gzipBytesOf(dir: string, files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) total += gzipSync(await readFile(path.join(dir, file))).length;
  return total;
}

/** The scripts Chromium really fetches for a page of the running shop, as paths under the client folder. */
async function scriptsLoadedBy(url: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.add(pathname.replace(/^\//, ''));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // give idle-time imports (toaster, carousel engine) their chance too
    await page.waitForTimeout(1500);
    return [...scripts].sort();
  } finally {
    await browser.close();
  }
}

/**
 * JavaScript budgets (docs/performance.md): home page at most 100 KB gzip, each further storefront route
 * at most 30 KB, and no admin code or Stripe.js in the storefront's first load.
 */
export async function measureBundle(options: { clientDir: string; shopUrl: string }): Promise<BundleResult> {
  const { clientDir } = options;
  const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  // index.html's script is the app; paint-first.ts, the other entry, starts it on rendered pages
  const entryKey = 'index.html';
  if (!manifest[entryKey]?.isEntry) throw new Error('the Vite manifest has no entry');
  const html = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const htmlScripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((match) => match[1]!);

  const homeKeys = staticClosure(manifest, entryKey);
  const homeStaticFiles = [...new Set([...[...homeKeys].map((key) => manifest[key]!.file), ...htmlScripts])].sort();
  const homeLoadedFiles = [...new Set([...homeStaticFiles, ...(await scriptsLoadedBy(`${options.shopUrl}/`))])].sort();

  const lazyChunks: LazyChunk[] = [];
  for (const src of dynamicEntries(manifest, [entryKey])) {
    const files = [...staticClosure(manifest, src)].map((key) => manifest[key]!.file).filter((file) => !homeStaticFiles.includes(file));
    lazyChunks.push({ src, kind: classifyLazyChunk(src), files, gzipBytes: await gzipBytesOf(clientDir, files) });
  }

  const adminFiles = new Set(lazyChunks.filter((chunk) => chunk.kind === 'admin').map((chunk) => manifest[chunk.src]!.file));
  const stripeInFirstLoad: string[] = [];
  for (const file of homeLoadedFiles) {
    const text = await readFile(path.join(clientDir, file), 'utf8');
    // @stripe/stripe-js's loader carries the script URL; our own code never names it
    if (text.includes('js.stripe.com')) stripeInFirstLoad.push(file);
  }
  return {
    entry: manifest[entryKey]!.file,
    homeStaticFiles,
    homeStaticGzipBytes: await gzipBytesOf(clientDir, homeStaticFiles),
    homeLoadedFiles,
    homeLoadedGzipBytes: await gzipBytesOf(clientDir, homeLoadedFiles),
    lazyChunks,
    adminInFirstLoad: homeLoadedFiles.filter((file) => adminFiles.has(file)),
    stripeInFirstLoad,
  };
}
