// The product CSV import as the benches drive it (csv-import-reads.ts on the embedded database, growth-csv.ts on
// the growth tier's shop): a 10,000-row file (5,000 new paddles of two variants, commit=1) timed alone, then
// another such file while shoppers' reads are offered at a constant rate, against the same reads without it.
import http from 'node:http';
import type { CsvImportResult } from '#common/schemas/product-csv.ts';
import type { ConstantRateResult } from './constant-rate.ts';
import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

export const IMPORT_PRODUCTS = 5000;
export const IMPORT_ROWS = 2 * IMPORT_PRODUCTS;
export const READ_RATE = 20;

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

/** 5,000 new paddles of two variants (14 and 16 mm), named and SKU'd by `prefix` so that each file is new to the shop. */
function importFile(prefix: string, brand: string): string {
  const lines = ['name,brand,type,sku,price,stock,option:core_thickness'];
  for (let index = 1; index <= IMPORT_PRODUCTS; index += 1) {
    lines.push(`Import ${prefix} Paddle ${index},${brand},paddles,${prefix}-${index}-14,99.00,5,14 mm`);
    lines.push(`,,,${prefix}-${index}-16,109.00,5,16 mm`);
  }
  return `${lines.join('\n')}\n`;
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
  if (!result.committed || result.creates !== IMPORT_PRODUCTS) throw new Error(`import did not write its ${IMPORT_PRODUCTS} products: ${text.slice(0, 300)}`);
  return { seconds: (endedAt - started) / 1000, endedAt };
}

export interface ImportWithReads {
  /** the first import, alone: upload, check and write */
  seconds: number;
  /** the second import, from its start to its answer, with the reads running */
  secondsWithReads: number;
  /** the reads before the imports, and during the second */
  before: ConstantRateResult;
  during: ConstantRateResult;
  duringSeconds: number;
  /** the reads after the imports, when asked for */
  after?: ConstantRateResult;
}

/**
 * Shoppers' reads of `paths` without an import, a first import timed alone, then a second with the reads
 * running during it (ending before it does: their length is 60 % of the first's), and (`after`) the reads
 * again. `prefix` names this run's products: a kept database measured again already holds an earlier run's.
 */
export async function measureImportWithReads(
  shopUrl: string,
  cookie: string,
  options: { paths: string[]; brand: string; prefix: string; warmupSeconds: number; baselineSeconds: number; after?: boolean },
): Promise<ImportWithReads> {
  const load = (durationSeconds: number) =>
    runLoad({
      kind: 'constant-rate',
      url: shopUrl,
      paths: options.paths,
      ratePerSecond: READ_RATE,
      durationSeconds,
      warmupSeconds: 1,
      headers: { 'accept-encoding': 'gzip' },
    });
  // a first load, not counted: the server's first answers compile and fill its caches
  await load(options.warmupSeconds);
  const before = await load(options.baselineSeconds);
  const alone = await runImport(shopUrl, cookie, importFile(`${options.prefix}A`, options.brand));
  // the first import changed the catalogue: the first reads after it read the kept listing and search words afresh
  // (once per change, whatever the change), which is not the second import's doing; the reads before had them warm too
  await load(options.warmupSeconds);
  // the reads start a second or two late (the load generator starting, its warm-up) and must end before the import does
  const duringSeconds = Math.max(3, Math.floor(alone.seconds * 0.6));
  const started = performance.now();
  // settled at once: a refusal while the reads run must reach the caller, not end the process unhandled
  const importing = runImport(shopUrl, cookie, importFile(`${options.prefix}B`, options.brand)).then(
    (done) => done,
    (error: unknown) => ({ error }),
  );
  const during = await load(duringSeconds);
  const readsEndedAt = performance.now();
  const second = await importing;
  if ('error' in second) throw second.error;
  if (second.endedAt < readsEndedAt)
    throw new Error(`the import ended ${round((readsEndedAt - second.endedAt) / 1000, 1)} s before the reads: not measured during it`);
  const after = options.after ? await load(options.baselineSeconds) : undefined;
  return {
    seconds: alone.seconds,
    secondsWithReads: (second.endedAt - started) / 1000,
    before,
    during,
    duringSeconds,
    ...(after && { after }),
  };
}
