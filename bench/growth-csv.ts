// The growth tier's product CSV, through the production server on the generated shop (PostgreSQL,
// response cache off): the whole catalogue's export, read as it streams, with the server's RSS sampled
// every 20 ms (flat memory: it grows by far less than the file); then a 10,000-row import (5,000 new
// paddles of two variants) timed alone, and a second one with shoppers' reads offered at a constant rate
// during it, against the same reads before it.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { CsvImportResult } from '#common/schemas/product-csv.ts';
import type { ConstantRateResult } from './constant-rate.ts';
import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

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
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  errors: number;
}

export interface GrowthImport {
  rows: number;
  seconds: number;
  secondsWithReads: number;
  without: GrowthReads;
  during: GrowthReads;
  loadAverage: number;
}

const IMPORT_PRODUCTS = 5000;
const READ_RATE = 20;

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return round(Number(kb) / 1024, 1);
}

export async function adminCookie(shopUrl: string): Promise<string> {
  const login = await fetch(`${shopUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-admin', password: 'bench-admin-password' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`admin sign-in failed: ${login.status}`);
  return cookie;
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

function importFile(prefix: string): string {
  const lines = ['name,brand,type,sku,price,stock,option:core_thickness'];
  for (let index = 1; index <= IMPORT_PRODUCTS; index += 1) {
    lines.push(`Growth ${prefix} Import Paddle ${index},Brand 1,paddles,GROWTH-${prefix}-${index}-14,99.00,5,14 mm`);
    lines.push(`,,,GROWTH-${prefix}-${index}-16,109.00,5,16 mm`);
  }
  return `${lines.join('\n')}\n`;
}

async function runImport(shopUrl: string, cookie: string, csv: string): Promise<number> {
  const started = performance.now();
  const chunks: Buffer[] = [];
  const status = await request(
    new URL('/api/admin/products/import?commit=1', shopUrl),
    { method: 'POST', headers: { cookie, origin: shopUrl, 'content-type': 'text/csv', 'content-length': Buffer.byteLength(csv) }, body: csv },
    (chunk) => chunks.push(chunk),
  );
  const seconds = (performance.now() - started) / 1000;
  const text = Buffer.concat(chunks).toString('utf8');
  if (status !== 200) throw new Error(`import answered ${status}: ${text.slice(0, 200)}`);
  const result = JSON.parse(text) as CsvImportResult;
  if (!result.committed || result.creates !== IMPORT_PRODUCTS) throw new Error(`import did not write its ${IMPORT_PRODUCTS} products: ${text.slice(0, 300)}`);
  return seconds;
}

function reads(result: ConstantRateResult, seconds: number): GrowthReads {
  return {
    seconds,
    readsPerSecond: READ_RATE,
    latencyP50Ms: round(result.latencyP50Ms, 1),
    latencyP99Ms: round(result.latencyP99Ms, 1),
    latencyMaxMs: round(result.latencyMaxMs, 1),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Shoppers' reads: product pages' data, the shop page by page, a search (each uncached). */
export async function measureImport(shopUrl: string, cookie: string, productIds: readonly number[]): Promise<GrowthImport> {
  const paths = productIds.flatMap((id, index) => [
    `/api/products/${id}`,
    `/api/catalog?page=${1 + (index % 20)}`,
    `/api/catalog?q=${['paddle', 'outdoor', 'bolt'][index % 3]}`,
  ]);
  const load = (durationSeconds: number) =>
    runLoad({
      kind: 'constant-rate',
      url: shopUrl,
      paths,
      ratePerSecond: READ_RATE,
      durationSeconds,
      warmupSeconds: 1,
      headers: { 'accept-encoding': 'gzip' },
    });
  await load(3);
  const baselineSeconds = 10;
  const without = await load(baselineSeconds);
  // named for this run: a kept database measured again already holds an earlier run's products
  const run = Date.now().toString(36).toUpperCase();
  const seconds = await runImport(shopUrl, cookie, importFile(`${run}A`));
  // the reads start a second or two late (the load generator starting, its warm-up) and must end before the import does
  const readSeconds = Math.max(3, Math.floor(seconds * 0.6));
  const started = performance.now();
  // settled at once: a refusal while the reads run must reach this function, not end the process unhandled
  const importing = runImport(shopUrl, cookie, importFile(`${run}B`)).then(
    () => ({ endedAt: performance.now() }),
    (error: unknown) => ({ error }),
  );
  const during = await load(readSeconds);
  const readsEnded = performance.now();
  const second = await importing;
  if ('error' in second) throw second.error;
  const ended = second.endedAt;
  if (ended < readsEnded) throw new Error('the second import ended before the reads: they were not measured during it');
  return {
    rows: 2 * IMPORT_PRODUCTS,
    seconds: round(seconds, 1),
    secondsWithReads: round((ended - started) / 1000, 1),
    without: reads(without, baselineSeconds),
    during: reads(during, readSeconds),
    loadAverage: round(os.loadavg()[0]!, 1),
  };
}
