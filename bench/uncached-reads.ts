// Uncached reads (response cache off) against bare node:http + pg running the same SQL and sending the
// same bytes, side by side in one run: product by id (ids rotating), the list, a search and the shop
// page's faceted listing (a type, two brands and a spec filter), at 10 and 100 connections.
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { CatalogQuery } from '#common/schemas/catalog-listing.ts';
import { createCatalogReads } from '#server/modules/catalog/catalog-service.ts';
import { startBarePgServer, type RecordedQuery } from './bare-pg-server.ts';
import { cpuTimeMs } from './processes.ts';
import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

export interface UncachedRead {
  read: 'product by id' | 'product list' | 'search "paddle"' | 'faceted listing';
  connections: number;
  shopRps: number;
  bareRps: number;
  ratio: number;
  shopRounds: number[];
  bareRounds: number[];
  shopLatencyP99Ms: number;
  bareLatencyP99Ms: number;
  shopNon2xx: number;
  /** CPU time per request (user + system, warm-up included): steadier than req/s on a busy machine */
  shopCpuMsPerRequest: number | null;
  bareCpuMsPerRequest: number | null;
  loadAverage: number;
}

/** The SQL the shop's catalogue service sends for each read, recorded through Drizzle's logger. */
async function recordQueries(databaseUrl: string, productIds: number[], listingPath: string): Promise<Record<string, RecordedQuery[]>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let log: RecordedQuery[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => void log.push({ text, params }) } }) as unknown as Database;
  const record = async (work: () => Promise<unknown>) => {
    log = [];
    await work();
    return log;
  };
  try {
    // as the production shop keeps the listing's metadata between requests
    const reads = createCatalogReads(db, { keepMetadataMs: 60_000 });
    const [first, second] = [productIds[0]!, productIds[1]!];
    // what GET /api/products/:id answers (catalogue routes.ts): the product page's detail read
    const one = await record(() => reads.getProductDetailJson(first));
    const other = await record(() => reads.getProductDetailJson(second));
    if (one.length !== other.length) throw new Error('product reads differ in their number of queries');
    // the parameter that changes with the id is the id
    const byId = one.map((query, index) => {
      const idParam = query.params.findIndex((value, at) => value === first && other[index]!.params[at] === second);
      return idParam === -1 ? query : { ...query, idParam };
    });
    const listingQuery = CatalogQuery.parse(Object.fromEntries(new URL(listingPath, 'http://shop').searchParams));
    // once to read what the shop keeps between requests, then as every later request runs it
    await reads.listCatalog(listingQuery);
    return {
      '/api/products/:id': byId,
      '/api/products': await record(() => reads.listProductPage({ page: 1, pageSize: 100 })),
      '/api/products?search=paddle': await record(() => reads.listProductPage({ search: 'paddle', page: 1, pageSize: 100 })),
      [listingPath]: await record(() => reads.listCatalog(listingQuery)),
    };
  } finally {
    await pool.end();
  }
}

/**
 * The shop page's listing as a shopper narrows it: paddles, the two brands with the most of them and the
 * first face material (issue 35's /api/catalog?type=paddles&brand=1,8&f.face_material=...). bench:peers
 * asks Vendure for the same choice by the brands' names.
 */
export async function chooseFacetedListing(shopUrl: string): Promise<{ path: string; brands: Array<{ value: string; label: string }>; material: string }> {
  const listing = (await (await fetch(`${shopUrl}/api/catalog?type=paddles`)).json()) as {
    facets: Array<{ key: string; values: Array<{ value: string; label: string; count: number }> }>;
  };
  const values = (key: string) => listing.facets.find((facet) => facet.key === key)?.values.filter((value) => value.count > 0) ?? [];
  const brands = values('brand')
    .sort((a, b) => b.count - a.count)
    .slice(0, 2);
  const [material] = values('f.face_material');
  if (brands.length < 2 || !material) throw new Error('no paddles with two brands and a face material: is the demo catalogue seeded?');
  const path = `/api/catalog?type=paddles&brand=${brands.map((brand) => brand.value).join(',')}&f.face_material=${encodeURIComponent(material.value)}`;
  return { path, brands: brands.map(({ value, label }) => ({ value, label })), material: material.value };
}

export async function measureUncachedReads(options: {
  /** the shop, started with RESPONSE_CACHE=off on databaseUrl */
  shopUrl: string;
  shopPid: number;
  databaseUrl: string;
  barePort: number;
  connections?: number[];
  secondsPerRound?: number;
  rounds?: number;
}): Promise<UncachedRead[]> {
  const { connections = [10, 100], secondsPerRound = 1.5, rounds = 4 } = options;
  const products = (await (await fetch(`${options.shopUrl}/api/products`)).json()) as Array<{ id: number }>;
  const ids = products.map((product) => product.id);
  if (ids.length < 2) throw new Error('no catalogue to read: is the demo catalogue seeded?');
  const listingPath = (await chooseFacetedListing(options.shopUrl)).path;
  const bodies: Record<string, string> = {};
  for (const path of ['/api/products', '/api/products?search=paddle', listingPath]) {
    const response = await fetch(`${options.shopUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    bodies[path] = await response.text();
  }
  const recorded = await recordQueries(options.databaseUrl, ids, listingPath);
  const bare = await startBarePgServer(options.barePort, { databaseUrl: options.databaseUrl, reads: recorded, bodies });
  const reads: Array<[UncachedRead['read'], string[]]> = [
    ['product by id', ids.map((id) => `/api/products/${id}`)],
    ['product list', ['/api/products']],
    ['search "paddle"', ['/api/products?search=paddle']],
    ['faceted listing', [listingPath]],
  ];
  const results: UncachedRead[] = [];
  try {
    for (const [read, paths] of reads) {
      for (const count of connections) {
        const cpuBefore = [cpuTimeMs(options.shopPid), cpuTimeMs(bare.pid)];
        const compared = await runLoad({
          kind: 'compare',
          urls: [options.shopUrl, bare.url],
          paths,
          connections: count,
          rounds,
          secondsPerRound,
          warmupSeconds: 1,
          headers: { 'accept-encoding': 'gzip' },
        });
        const [shopRps, bareRps] = compared.requestsPerSecond;
        const cpuPerRequest = (index: 0 | 1, pid: number) => {
          const [before, after] = [cpuBefore[index], cpuTimeMs(pid)];
          return before === null || before === undefined || after === null ? null : round((after - before) / compared.totalRequests[index], 3);
        };
        results.push({
          read,
          connections: count,
          shopRps: round(shopRps),
          bareRps: round(bareRps),
          ratio: round(shopRps / bareRps, 3),
          shopRounds: compared.roundRequestsPerSecond[0],
          bareRounds: compared.roundRequestsPerSecond[1],
          shopLatencyP99Ms: compared.latencyP99Ms[0],
          bareLatencyP99Ms: compared.latencyP99Ms[1],
          shopNon2xx: compared.non2xx[0],
          shopCpuMsPerRequest: cpuPerRequest(0, options.shopPid),
          bareCpuMsPerRequest: cpuPerRequest(1, bare.pid),
          loadAverage: round(os.loadavg()[0]!, 1),
        });
      }
    }
  } finally {
    await bare.stop();
  }
  return results;
}
