import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRenderMemo, type ReadAnswer, type RenderInputs } from './render-memo.ts';

const HTML = `<!doctype html><title>Alpha Paddle</title>${'<p>A light paddle for touch players.</p>'.repeat(50)}`;
const PRODUCT = '/api/products/alpha';
const PROMISE = '/api/shipping/promise';
const ok = (body: string): ReadAnswer => ({ status: 200, body });
const nothingRead = (settings = ''): RenderInputs => ({ settings, reads: [], answers: [] });

/** Reads that answer from `answers` by address, noting each one made again. */
function readsAnswering(answers: Record<string, ReadAnswer>) {
  const made: string[] = [];
  return {
    made,
    answersNow: async (reads: string[]) => {
      made.push(...reads);
      return reads.map((read) => answers[read] ?? { status: 404, body: '{}' });
    },
  };
}

describe('the render memo', () => {
  it('gives back a page when its reads, made again, answer as they did', async () => {
    const memo = createRenderMemo<string>();
    const inputs = { settings: 'settings', reads: [PRODUCT, PROMISE], answers: [ok('{"price":9900}'), ok('{}')] };
    const drawn = memo.keep('/products/alpha?', inputs, 'answer', HTML);
    const same = readsAnswering({ [PRODUCT]: ok('{"price":9900}'), [PROMISE]: ok('{}') });
    expect(await memo.find('/products/alpha?', 'settings', same.answersNow)).toEqual({ answer: 'answer', page: drawn });
    // the kept page's own reads were made again, in their order
    expect(same.made).toEqual([PRODUCT, PROMISE]);

    // a read answering otherwise (a price changed, or the same body with another status), other settings,
    // a read that could not be made, another address
    const changed = readsAnswering({ [PRODUCT]: ok('{"price":8900}'), [PROMISE]: ok('{}') });
    expect(await memo.find('/products/alpha?', 'settings', changed.answersNow)).toBeUndefined();
    const failing = readsAnswering({ [PRODUCT]: ok('{"price":9900}'), [PROMISE]: { status: 503, body: '{}' } });
    expect(await memo.find('/products/alpha?', 'settings', failing.answersNow)).toBeUndefined();
    expect(await memo.find('/products/alpha?', 'other settings', same.answersNow)).toBeUndefined();
    expect(await memo.find('/products/alpha?', 'settings', async () => null)).toBeUndefined();
    const other = readsAnswering({});
    expect(await memo.find('/products/alpha?ref=mail', 'settings', other.answersNow)).toBeUndefined();
    expect(other.made).toEqual([]);
  });

  it('holds each answer to its own read', async () => {
    const memo = createRenderMemo<string>();
    memo.keep('/shop?', { settings: '', reads: ['/a', '/b'], answers: [ok('x'), ok('y')] }, 'answer', HTML);
    expect(await memo.find('/shop?', '', async () => [ok('y'), ok('x')])).toBeUndefined();
    expect(await memo.find('/shop?', '', async () => [ok('x')])).toBeUndefined();
    expect(await memo.find('/shop?', '', async () => [ok('x'), ok('y')])).toBeDefined();
  });

  it('draws a page again once it is older than its maximum age, without making its reads', async () => {
    let now = 1_000;
    const memo = createRenderMemo<string>({ maxAgeMs: 30_000, now: () => now });
    memo.keep('/policies?', nothingRead(), 'answer', HTML);
    now += 30_000;
    expect(await memo.find('/policies?', '', async () => [])).toBeDefined();
    now += 1;
    const reads = readsAnswering({});
    expect(await memo.find('/policies?', '', reads.answersNow)).toBeUndefined();
    expect(reads.made).toEqual([]);
  });

  it('keeps the pages asked for most recently within its bytes, a page larger than all of them not at all', async () => {
    const memo = createRenderMemo<string>({ maxBytes: 2 * HTML.length });
    const keep = (address: string, html = HTML) => memo.keep(address, nothingRead(), 'answer', html);
    const find = (address: string) => memo.find(address, '', async () => []);
    keep('/a?');
    keep('/b?');
    expect(await find('/a?')).toBeDefined();
    keep('/c?');
    expect(await find('/a?')).toBeDefined();
    expect(await find('/b?')).toBeUndefined();
    expect(await find('/c?')).toBeDefined();
    // kept again under its address, a page takes its own place, not another's
    keep('/c?');
    expect(await find('/a?')).toBeDefined();
    keep('/huge?', HTML.repeat(3));
    expect(await find('/huge?')).toBeUndefined();
    expect(await find('/a?')).toBeDefined();
  });

  it('encodes a kept page once per encoding, each with its own ETag', () => {
    const page = createRenderMemo<string>().keep('/products/alpha?', nothingRead(), 'answer', HTML);
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
