// npm run bench:growth (tsx bench/growth-bench.ts): the growth tier of docs/performance.md (issue 35). Generates
// the big shop into a fresh PostgreSQL database on DATABASE_URL's server (never the shop's own), reads it
// through the services, then runs the production server on it for the product CSV's export and import.
// Writes bench/results/growth.json (growth-partial.json below full scale) and prints the budget table.
// GROWTH_SCALE (default 1) and GROWTH_SEED (35) size and seed the shop; GROWTH_ONLY=reads,export,import,change runs those parts;
// GROWTH_KEEP_DATABASE=1 keeps the database (for EXPLAIN ANALYZE) and GROWTH_DATABASE_URL reads a kept one
// again, its new migrations applied first; GROWTH_PORT (4871) is the server's port; GROWTH_ITERATIONS (100).
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildServer } from '../scripts/build-server.ts';
import { openGeneratorDatabase } from './catalog-generator.ts';
import { measureCatalogueChange } from './growth-change.ts';
import { adminCookie, measureCappedExport, measureExport, measureImport } from './growth-csv.ts';
import { generateGrowthShop, growthOptionsFromEnv, type GrowthShop } from './growth-generator.ts';
import { measureGrowthReads } from './growth-reads.ts';
import { growthRows, growthSummary, type GrowthResults } from './growth-report.ts';
import { createScratchDatabase, type ScratchDatabase } from './postgres-database.ts';
import { ROOT } from './processes.ts';
import { formatBudgetTable } from './report.ts';
import { BENCH_SERVER_DIR, startShopServer } from './shop-server.ts';
import { round } from './stats.ts';

const started = Date.now();
const log = (line: string) => console.log(`[growth ${Math.round((Date.now() - started) / 1000)}s] ${line}`);
const options = growthOptionsFromEnv();
const only = process.env.GROWTH_ONLY?.split(',').map((part) => part.trim());
const wants = (part: string) => !only || only.includes(part);
const reuseUrl = process.env.GROWTH_DATABASE_URL;
const port = Number(process.env.GROWTH_PORT ?? 4871);

const results: GrowthResults = {
  date: new Date().toISOString(),
  machine: {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: { start: round(os.loadavg()[0]!, 1), end: 0 },
  },
  scale: options.scale,
  seed: options.seed,
  generated: !reuseUrl,
  shop: { products: 0, variants: 0, customers: 0, orders: 0, orderLines: 0 },
  migrateSeconds: 0,
  errors: {},
};

async function part(name: string, work: () => Promise<void>): Promise<void> {
  if (name !== 'csv' && !wants(name)) return;
  log(`${name}...`);
  try {
    await work();
  } catch (error) {
    results.errors[name] = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`[growth] ${name} failed:`, error);
  }
}

let scratch: ScratchDatabase | undefined;
let productIds: number[] = [];
const url = reuseUrl ?? (scratch = await createScratchDatabase('growth')).url;
try {
  const database = await openGeneratorDatabase(url);
  try {
    const migrating = performance.now();
    await database.migrate();
    results.migrateSeconds = round((performance.now() - migrating) / 1000, 1);
    if (scratch) {
      log(`generating at scale ${options.scale} into ${url}`);
      results.shop = await generateGrowthShop(database.db, options);
      log(`generated: ${JSON.stringify(results.shop)}`);
    } else {
      const [counts] = (
        (await database.db.execute(sql`select (select count(*) from products)::int as products, (select count(*) from product_variants)::int as variants,
          (select count(*) from users where role is null)::int as customers, (select count(*) from orders)::int as orders,
          (select count(*) from order_items)::int as "orderLines"`)) as unknown as { rows: Omit<GrowthShop, 'seconds'>[] }
      ).rows;
      results.shop = counts!;
    }
    const anchor = new Date(
      (
        (await database.db.execute(sql`select coalesce(max(created_at), now())::text as newest from orders`)) as unknown as {
          rows: { newest: string }[];
        }
      ).rows[0]!.newest,
    );
    // products from across the catalogue for the shoppers' reads during the import
    productIds = (
      (await database.db.execute(sql`select id from products where not is_deleted order by id % 997, id limit 50`)) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);
    await part('reads', async () => {
      results.reads = await measureGrowthReads(database.db, { iterations: Number(process.env.GROWTH_ITERATIONS ?? 100), anchor, log });
    });
  } finally {
    await database.close();
  }

  if (wants('export') || wants('import') || wants('change'))
    await part('csv', async () => {
      log('building the server');
      await buildServer(BENCH_SERVER_DIR);
      const server = {
        port,
        clientDir: '/tmp/h8-growth-client-unused',
        dataDir: '/tmp/h8-data-growth',
        databaseUrl: url,
        env: { RESPONSE_CACHE: 'off', SEED: 'none' },
      };
      if (wants('export')) {
        results.exportCapped = await measureCappedExport(server, results.shop);
        log(`export, heap capped: ${JSON.stringify(results.exportCapped)}`);
      }
      const shop = await startShopServer(server);
      try {
        const cookie = await adminCookie(shop.url);
        if (wants('export')) {
          // the first export after start sizes the server's heap; the second is the steady state the budget reads
          results.exportFirst = await measureExport(shop, cookie, results.shop);
          log(`export, the server's first: ${JSON.stringify(results.exportFirst)}`);
          results.export = await measureExport(shop, cookie, results.shop);
          log(`export: ${JSON.stringify(results.export)}`);
        }
        if (wants('import')) {
          results.import = await measureImport(shop.url, cookie, productIds);
          log(`import: ${JSON.stringify(results.import)}`);
        }
        if (wants('change')) {
          results.change = await measureCatalogueChange(shop.url, cookie, productIds);
          log(`catalogue change: ${JSON.stringify(results.change)}`);
        }
      } finally {
        await shop.stop();
      }
    });
} finally {
  if (scratch && process.env.GROWTH_KEEP_DATABASE !== '1') await scratch.drop();
  else log(`database kept: ${url}`);
}

results.durationSeconds = Math.round((Date.now() - started) / 1000);
results.machine.loadAverage.end = round(os.loadavg()[0]!, 1);
const file = path.join(ROOT, 'bench/results', options.scale === 1 && !only ? 'growth.json' : 'growth-partial.json');
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${growthSummary(results)}\n\n${formatBudgetTable(growthRows(results))}\n`);
log(`done: ${path.relative(ROOT, file)} written`);
