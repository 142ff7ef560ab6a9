import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRenderMemo } from './render-memo.ts';

const HTML = `<!doctype html><title>Alpha Paddle</title>${'<p>A light paddle for touch players.</p>'.repeat(50)}`;

describe('the render memo', () => {
  it('gives back a page only for the same address drawn from the same inputs', () => {
    const memo = createRenderMemo();
    const kept = memo.keep('/products/alpha?', ['settings', '/api/products/alpha 200 {"price":9900}'], HTML);
    expect(memo.find('/products/alpha?', ['settings', '/api/products/alpha 200 {"price":9900}'])).toBe(kept);
    // one read answering otherwise (a price changed), one read more, or another address: drawn again
    expect(memo.find('/products/alpha?', ['settings', '/api/products/alpha 200 {"price":8900}'])).toBeUndefined();
    expect(memo.find('/products/alpha?', ['settings', '/api/products/alpha 200 {"price":9900}', '/api/shipping/promise 200 {}'])).toBeUndefined();
    expect(memo.find('/products/alpha?ref=mail', ['settings', '/api/products/alpha 200 {"price":9900}'])).toBeUndefined();
    // the inputs are not run together: ["ab", "c"] is not ["a", "bc"]
    memo.keep('/shop?', ['ab', 'c'], HTML);
    expect(memo.find('/shop?', ['a', 'bc'])).toBeUndefined();
  });

  it('draws a page again once it is older than its maximum age, whatever its reads', () => {
    let now = 1_000;
    const memo = createRenderMemo({ maxAgeMs: 30_000, now: () => now });
    memo.keep('/policies?', ['settings'], HTML);
    now += 30_000;
    expect(memo.find('/policies?', ['settings'])).toBeDefined();
    now += 1;
    expect(memo.find('/policies?', ['settings'])).toBeUndefined();
  });

  it('keeps the pages asked for most recently when full', () => {
    const memo = createRenderMemo({ maxPages: 2 });
    memo.keep('/a?', [], HTML);
    memo.keep('/b?', [], HTML);
    expect(memo.find('/a?', [])).toBeDefined();
    memo.keep('/c?', [], HTML);
    expect(memo.find('/a?', [])).toBeDefined();
    expect(memo.find('/b?', [])).toBeUndefined();
    expect(memo.find('/c?', [])).toBeDefined();
  });

  it('encodes a kept page once per encoding, each with its own ETag', () => {
    const page = createRenderMemo().keep('/products/alpha?', [], HTML);
    const gzip = page.encoded('gzip');
    const br = page.encoded('br');
    expect(page.encoded('gzip')).toBe(gzip);
    expect(gunzipSync(gzip.body).toString()).toBe(HTML);
    expect(brotliDecompressSync(br.body).toString()).toBe(HTML);
    expect(gzip.body.length).toBeLessThan(HTML.length / 5);
    expect(gzip.etag).toMatch(/^"[A-Za-z0-9+/=]+"$/);
    expect(br.etag).not.toBe(gzip.etag);
  });
});
