// Shoppers' product reads while the product CSV import runs on the embedded databases (issue 28): the shop's own
// PostgreSQL, the default, which the budget holds, and PGlite, the fallback (decision 065), reported beside it: one
// connection in the shop's thread, so the import works in short transactions with turns between them (docs/product-csv.md).
// Product by id (response cache off) offered at a constant rate, first with nothing else running, then
// during a 10,000-row import (5,000 new paddles of two variants, commit=1), in the same run against the
// same server. A first import of another such file is timed alone, to know how long the reads during
// the second may last and still end before it.
import os from 'node:os';
import type { BudgetRow } from './budget-row.ts';
import type { ConstantRateResult } from './constant-rate.ts';
import { adminCookie, IMPORT_ROWS, measureImportWithReads, READ_RATE } from './csv-import-driver.ts';
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

/** The embedded database the shop ran on: `EMBEDDED_DATABASE`'s values */
type EmbeddedEngine = 'postgres' | 'pglite';

export interface CsvImportReadsResult {
  /** absent in results from before 29 Nov 2026: PGlite */
  engine?: EmbeddedEngine;
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

const BASELINE_SECONDS = 10;
const P99_BUDGET_MS = 100;

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

export async function measureCsvImportReads(options: { port: number; clientDir: string; engine: EmbeddedEngine }): Promise<CsvImportReadsResult> {
  const shop = await startShopServer({
    port: options.port,
    clientDir: options.clientDir,
    dataDir: `/tmp/h8-data-csv-import-${options.engine}`,
    env: { RESPONSE_CACHE: 'off', EMBEDDED_DATABASE: options.engine },
  });
  try {
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ id: number }>;
    const brands = (await (await fetch(`${shop.url}/api/brands`)).json()) as Array<{ name: string }>;
    if (products.length < 2 || !brands[0]) throw new Error('no catalogue to read: is the demo catalogue seeded?');
    const paths = products.map((product) => `/api/products/${product.id}`);
    const measured = await measureImportWithReads(shop.url, await adminCookie(shop.url), {
      paths,
      brand: brands[0].name,
      prefix: 'IMPORT',
      warmupSeconds: 5,
      baselineSeconds: BASELINE_SECONDS,
      after: true,
    });
    const { before, during } = measured;
    const after = measured.after!;
    // without an import, before and after (the catalogue 10,000 variants larger): the better of the two, against which the ratio is the larger
    const without = after.latencyP99Ms < before.latencyP99Ms ? after : before;
    return {
      engine: options.engine,
      rows: IMPORT_ROWS,
      importSeconds: round(measured.seconds, 1),
      importWithReadsSeconds: round(measured.secondsWithReads, 1),
      without: reads(without, BASELINE_SECONDS),
      withoutP99Ms: [round(before.latencyP99Ms, 1), round(after.latencyP99Ms, 1)],
      during: reads(during, measured.duringSeconds),
      ratio: round(during.latencyP99Ms / without.latencyP99Ms, 2),
      loadAverage: round(os.loadavg()[0]!, 1),
    };
  } finally {
    await shop.stop();
  }
}

const ENGINE_NAMES: Record<EmbeddedEngine, string> = { postgres: "the shop's own PostgreSQL", pglite: 'PGlite' };

/**
 * The budget row: shoppers' product reads p99 under 100 ms during the import, every read answered, on the default
 * embedded database; PGlite's figure is reported beside it (the fallback runs in the shop's thread).
 */
export function csvImportRows(result: CsvImportReadsResult): BudgetRow[] {
  const { during, without } = result;
  const engine = result.engine ?? 'pglite';
  const held = engine === 'postgres';
  const answeredAll = during.non2xx === 0 && during.errors === 0;
  return [
    {
      budget:
        `CSV import on ${ENGINE_NAMES[engine]}${held ? ' (the default)' : ' (the fallback, reported)'}, ${result.rows.toLocaleString('en')} rows: ` +
        `shoppers' product by id (${during.readsPerSecond} reads/s)${held ? ` p99 < ${P99_BUDGET_MS} ms` : ''}`,
      figure:
        `p99 ${during.latencyP99Ms} ms (p50 ${during.latencyP50Ms} ms, slowest ${during.latencyMaxMs} ms) vs ${without.latencyP99Ms} ms without an import in this run (${result.ratio}x; before / after the imports ${result.withoutP99Ms.join(' / ')} ms); ` +
        `the import ${result.importSeconds} s alone, ${result.importWithReadsSeconds} s with the reads; load average ${result.loadAverage}`,
      pass: !answeredAll ? false : held ? during.latencyP99Ms < P99_BUDGET_MS : 'reported',
    },
  ];
}
