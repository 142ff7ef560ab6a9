// The growth tier's product CSV, through the production server on the generated shop (PostgreSQL,
// response cache off): the whole catalogue's export, read as it streams, with the server's RSS sampled
// every 20 ms (flat memory: it grows by far less than the file); then a 10,000-row import (5,000 new
// paddles of two variants) timed alone, and a second one with shoppers' reads offered at a constant rate
// during it, against the same reads before it.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { ConstantRateResult } from './constant-rate.ts';
import { adminCookie, IMPORT_ROWS, measureImportWithReads, READ_RATE } from './csv-import-driver.ts';
import { startShopServer, type ShopServerOptions } from './shop-server.ts';
import { round } from './stats.ts';

export { adminCookie };

export interface GrowthExport {
  products: number;
  rows: number;
  megabytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  /** the peak after the first tenth of the rows less the peak until then: the first rows warm the server up (code, pool, heap) */
  rssGrowthAfterTenthMb: number;
  loadAverage: number;
}

interface GrowthReads {
  seconds: number;
  readsPerSecond: number;
  /** how many were answered: with few, the p99 is the slowest (absent in results from before 29 Nov 2026) */
  answered?: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  errors: number;
  /** the slowest reads, when in the phase they were due (absent in older results) */
  slowest?: { path: string; dueAtS: number; latencyMs: number }[];
}

export interface GrowthImport {
  rows: number;
  seconds: number;
  secondsWithReads: number;
  without: GrowthReads;
  during: GrowthReads;
  loadAverage: number;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return round(Number(kb) / 1024, 1);
}

/** One request over node:http (fetch gives up on an answer slower than 300 s); the body is handed over chunk by chunk. */
function request(url: URL, options: http.RequestOptions & { body?: string }, onChunk: (chunk: Buffer) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, options, (response) => {
      response.on('data', onChunk);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

export async function measureExport(
  shop: { url: string; pid: number },
  cookie: string,
  catalogue: { products: number; variants: number },
): Promise<GrowthExport> {
  const before = rssMb(shop.pid);
  let peak = before;
  let atTenth: number | undefined;
  let [bytes, lines] = [0, 0];
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(shop.pid));
    if (atTenth === undefined && lines >= catalogue.variants / 10) atTenth = peak;
  }, 20);
  const started = performance.now();
  try {
    const status = await request(new URL('/api/admin/products/export.csv', shop.url), { headers: { cookie } }, (chunk) => {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    });
    if (status !== 200) throw new Error(`export answered ${status}`);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(shop.pid));
  return {
    products: catalogue.products,
    rows: lines - 1,
    megabytes: round(bytes / 2 ** 20, 1),
    seconds: round((performance.now() - started) / 1000, 1),
    rssBeforeMb: before,
    rssPeakMb: peak,
    rssGrowthMb: round(peak - before, 1),
    rssGrowthAfterTenthMb: round(peak - (atTenth ?? peak), 1),
    loadAverage: round(os.loadavg()[0]!, 1),
  };
}

/**
 * The old space (V8's heap past the young generation, where anything kept lives) of the server the export is proven
 * on: a fresh server's own is about 50 MB at 50,000 products (43.7 MB old space, 5.3 large objects, 1.9 code on 29 Nov
 * 2026), so this leaves about 30 MB for a 45 MB file. An export that held the file, or its rows, could not finish; a
 * streamed one does, slowed by the collector (34 s at 80 MB, 16 s at 96, 70 s at 72; 48 is below the server's own).
 */
export const EXPORT_HEAP_CAP_MB = 80;

export type GrowthCappedExport = { heapCapMb: number } & (GrowthExport | { error: string });

/** The whole catalogue's export on a fresh server whose old space is capped at EXPORT_HEAP_CAP_MB: it completes only if it streams. */
export async function measureCappedExport(server: ShopServerOptions, catalogue: { products: number; variants: number }): Promise<GrowthCappedExport> {
  const shop = await startShopServer({ ...server, nodeArgs: [`--max-old-space-size=${EXPORT_HEAP_CAP_MB}`] });
  try {
    return { heapCapMb: EXPORT_HEAP_CAP_MB, ...(await measureExport(shop, await adminCookie(shop.url), catalogue)) };
  } catch (error) {
    // a server out of memory ends the process: the download stops short
    return { heapCapMb: EXPORT_HEAP_CAP_MB, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await shop.stop().catch(() => {});
  }
}

function reads(result: ConstantRateResult, seconds: number): GrowthReads {
  return {
    seconds,
    readsPerSecond: READ_RATE,
    answered: result.ok2xx + result.non2xx,
    latencyP50Ms: round(result.latencyP50Ms, 1),
    latencyP99Ms: round(result.latencyP99Ms, 1),
    latencyMaxMs: round(result.latencyMaxMs, 1),
    non2xx: result.non2xx,
    errors: result.errors,
    slowest: result.slowest.map(({ path, dueAtMs, latencyMs }) => ({ path, dueAtS: round(dueAtMs / 1000, 2), latencyMs: round(latencyMs, 1) })),
  };
}

/** Shoppers' reads: product pages' data, the shop page by page, a search (each uncached). */
export async function measureImport(shopUrl: string, cookie: string, productIds: readonly number[]): Promise<GrowthImport> {
  const paths = productIds.flatMap((id, index) => [
    `/api/products/${id}`,
    `/api/catalog?page=${1 + (index % 20)}`,
    `/api/catalog?q=${['paddle', 'outdoor', 'bolt'][index % 3]}`,
  ]);
  // named for this run: a kept database measured again already holds an earlier run's products
  const prefix = `GROWTH-${Date.now().toString(36).toUpperCase()}`;
  const measured = await measureImportWithReads(shopUrl, cookie, { paths, brand: 'Brand 1', prefix, warmupSeconds: 3, baselineSeconds: 10 });
  return {
    rows: IMPORT_ROWS,
    seconds: round(measured.seconds, 1),
    secondsWithReads: round(measured.secondsWithReads, 1),
    without: reads(measured.before, 10),
    during: reads(measured.during, measured.duringSeconds),
    loadAverage: round(os.loadavg()[0]!, 1),
  };
}
