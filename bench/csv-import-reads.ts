// Shoppers' product reads while the product CSV import runs on the embedded database (issue 28): one
// connection, so the import works in short transactions with turns between them (docs/product-csv.md).
// Product by id (response cache off) offered at a constant rate, first with nothing else running, then
// during a 10,000-row import (5,000 new paddles of two variants, commit=1), in the same run against the
// same server. A first import of another such file is timed alone, to know how long the reads during
// the second may last and still end before it.
import http from 'node:http';
import os from 'node:os';
import type { CsvImportResult } from '#common/schemas/product-csv.ts';
import type { BudgetRow } from './budget-row.ts';
import type { ConstantRateResult } from './constant-rate.ts';
import { runLoad } from './run-load.ts';
import { startShopServer } from './shop-server.ts';
import { round } from './stats.ts';

export interface CsvImportReads {
  readsPerSecond: number;
  seconds: number;
  answered: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  errors: number;
}

export interface CsvImportReadsResult {
  rows: number;
  /** the first import, alone: upload, check and write */
  importSeconds: number;
  /** the second import, with the reads running */
  importWithReadsSeconds: number;
  /** the reads without an import: the better of before the imports and after them */
  without: CsvImportReads;
  /** the p99 without an import before the imports and after them */
  withoutP99Ms: [number, number];
  during: CsvImportReads;
  /** p99 during the import / p99 without it */
  ratio: number;
  loadAverage: number;
}

const PRODUCTS = 5000;
const READ_RATE = 20;
const BASELINE_SECONDS = 10;
const P99_BUDGET_MS = 100;

function importFile(prefix: string, brand: string): string {
  const lines = ['name,brand,type,sku,price,stock,option:core_thickness'];
  for (let index = 1; index <= PRODUCTS; index += 1) {
    lines.push(`Import ${prefix} Paddle ${index},${brand},paddles,${prefix}-${index}-14,99.00,5,14 mm`);
    lines.push(`,,,${prefix}-${index}-16,109.00,5,16 mm`);
  }
  return `${lines.join('\n')}\n`;
}

async function adminCookie(shopUrl: string): Promise<string> {
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

/** POST the file with commit=1 (node:http: fetch gives up on an answer that takes over 300 s, as this one may on a busy machine). */
async function runImport(shopUrl: string, cookie: string, csv: string): Promise<{ seconds: number; endedAt: number }> {
  const started = performance.now();
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      new URL('/api/admin/products/import?commit=1', shopUrl),
      { method: 'POST', headers: { cookie, origin: shopUrl, 'content-type': 'text/csv', 'content-length': Buffer.byteLength(csv) } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(csv);
  });
  const endedAt = performance.now();
  if (status !== 200) throw new Error(`import answered ${status}: ${text.slice(0, 200)}`);
  const result = JSON.parse(text) as CsvImportResult;
  if (!result.committed || result.creates !== PRODUCTS) throw new Error(`import did not write its ${PRODUCTS} products: ${text.slice(0, 300)}`);
  return { seconds: (endedAt - started) / 1000, endedAt };
}

function reads(result: ConstantRateResult, seconds: number): CsvImportReads {
  return {
    readsPerSecond: READ_RATE,
    seconds,
    answered: result.ok2xx + result.non2xx,
    latencyP50Ms: round(result.latencyP50Ms, 1),
    latencyP99Ms: round(result.latencyP99Ms, 1),
    latencyMaxMs: round(result.latencyMaxMs, 1),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function measureCsvImportReads(options: { port: number; clientDir: string }): Promise<CsvImportReadsResult> {
  const shop = await startShopServer({
    port: options.port,
    clientDir: options.clientDir,
    dataDir: '/tmp/h8-data-csv-import',
    env: { RESPONSE_CACHE: 'off', EMBEDDED_DATABASE: 'pglite' },
  });
  try {
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ id: number }>;
    const brands = (await (await fetch(`${shop.url}/api/brands`)).json()) as Array<{ name: string }>;
    if (products.length < 2 || !brands[0]) throw new Error('no catalogue to read: is the demo catalogue seeded?');
    const paths = products.map((product) => `/api/products/${product.id}`);
    const cookie = await adminCookie(shop.url);
    const load = (durationSeconds: number) =>
      runLoad({
        kind: 'constant-rate',
        url: shop.url,
        paths,
        ratePerSecond: READ_RATE,
        durationSeconds,
        warmupSeconds: 1,
        headers: { 'accept-encoding': 'gzip' },
      });

    // a first load, not counted: the server's first answers compile and fill its caches
    await load(5);
    const before = await load(BASELINE_SECONDS);
    const alone = await runImport(shop.url, cookie, importFile('A', brands[0].name));
    // the reads start a second or two late (the load generator starting, its warm-up) and must end before the import does
    const seconds = Math.max(3, Math.floor(alone.seconds * 0.6));
    const started = performance.now();
    const importing = runImport(shop.url, cookie, importFile('B', brands[0].name));
    const during = await load(seconds);
    const readsEndedAt = performance.now();
    const withReads = await importing;
    if (withReads.endedAt < readsEndedAt)
      throw new Error(`the import ended ${round((readsEndedAt - withReads.endedAt) / 1000, 1)} s before the reads: not measured during it`);
    // without an import, before and after (the catalogue 10,000 variants larger): the better of the two, against which the ratio is the larger
    const after = await load(BASELINE_SECONDS);
    const without = after.latencyP99Ms < before.latencyP99Ms ? after : before;
    return {
      rows: 2 * PRODUCTS,
      importSeconds: round(alone.seconds, 1),
      importWithReadsSeconds: round((withReads.endedAt - started) / 1000, 1),
      without: reads(without, BASELINE_SECONDS),
      withoutP99Ms: [round(before.latencyP99Ms, 1), round(after.latencyP99Ms, 1)],
      during: reads(during, seconds),
      ratio: round(during.latencyP99Ms / without.latencyP99Ms, 2),
      loadAverage: round(os.loadavg()[0]!, 1),
    };
  } finally {
    await shop.stop();
  }
}

/** The budget row: shoppers' product reads p99 under 100 ms during the import, every read answered. */
export function csvImportRows(result: CsvImportReadsResult): BudgetRow[] {
  const { during, without } = result;
  return [
    {
      budget: `CSV import on PGlite, ${result.rows.toLocaleString('en')} rows: shoppers' product by id (${during.readsPerSecond} reads/s) p99 < ${P99_BUDGET_MS} ms`,
      figure:
        `p99 ${during.latencyP99Ms} ms (p50 ${during.latencyP50Ms} ms, slowest ${during.latencyMaxMs} ms) vs ${without.latencyP99Ms} ms without an import in this run (${result.ratio}x; before / after the imports ${result.withoutP99Ms.join(' / ')} ms); ` +
        `the import ${result.importSeconds} s alone, ${result.importWithReadsSeconds} s with the reads; load average ${result.loadAverage}`,
      pass: during.latencyP99Ms < P99_BUDGET_MS && during.non2xx === 0 && during.errors === 0,
    },
  ];
}
