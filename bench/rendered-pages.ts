import { runLoad } from './run-load.ts';
import { cpuTimeMs } from './processes.ts';
import os from 'node:os';
import { round } from './stats.ts';

// The server-rendered product page (issue 14, Performance): uncached at 10 connections (response cache off,
// PostgreSQL: every request makes its page's reads, and a page is drawn again whenever they answer otherwise,
// decision 088), and served from the page cache against the cached JSON read of the same server in
// alternating rounds.

const CONNECTIONS = 10;
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip' };
const WARMUP_SECONDS = 10;

export const RENDERED_PAGE_CONNECTIONS = CONNECTIONS;

export interface RenderedPagesResult {
  connections: number;
  /** every product's page in turn, each request making its page's reads (response cache off) */
  uncached?: { products: number; requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number };
  /** one product page from the page cache vs JSON reads from the response cache */
  cached?: {
    path: string;
    pageRps: number;
    /** /api/products: a cached JSON read whose body is the page's size (about 6-7 KB gzip) */
    jsonRps: number;
    ratio: number;
    /** /api/products/featured: a cached JSON read of a third of the page's bytes */
    smallJsonRps: number;
    smallRatio: number;
    /** the server's CPU time (user + system) per request of each */
    pageCpuUsPerRequest: number;
    jsonCpuUsPerRequest: number;
    smallJsonCpuUsPerRequest: number;
    /** JSON's CPU per request over the page's: the page's throughput as a share of the JSON read's when the server is the limit */
    cpuRatio: number;
    /** the server's busiest share of a second in these rounds (1 = its core saturated) */
    serverBusy: number;
    pageLatencyP99Ms: number;
    pageNon2xx: number;
  };
  /** uncached: each rendered page against the JSON read it is drawn from, in alternating rounds on one server */
  vsJson?: RenderedVsJson[];
}

export interface RenderedVsJson {
  /** the page's address (the product pages: every product's in turn) */
  page: string;
  /** the JSON read it is compared with (/api/products/:id for the same products in the same order) */
  json: string;
  pageRps: number;
  jsonRps: number;
  /** page req/s over JSON req/s: the budget (>= 0.5) */
  ratio: number;
  pageCpuUsPerRequest: number;
  jsonCpuUsPerRequest: number;
  pageP99Ms: number;
  jsonP99Ms: number;
  non2xx: number;
  errors: number;
  /** the 1-minute load average when the rounds ended */
  loadAverage: number;
}

async function listedProducts(shopUrl: string): Promise<Array<{ id: number; slug: string }>> {
  const response = await fetch(`${shopUrl}/api/products`);
  const products = (await response.json()) as Array<{ id: number; slug: string }>;
  if (products.length === 0) throw new Error('no products to render: is the demo catalogue seeded?');
  return products;
}

async function productPaths(shopUrl: string): Promise<string[]> {
  return (await listedProducts(shopUrl)).map((product) => `/products/${product.slug}`);
}

/** Every product's page in turn, each request making its page's reads: run against a shop with RESPONSE_CACHE=off. */
export async function measureRenderedUncached(shopUrl: string, durationSeconds = 10): Promise<RenderedPagesResult['uncached']> {
  const paths = await productPaths(shopUrl);
  const rendered = await runLoad({
    kind: 'autocannon',
    url: shopUrl,
    connections: CONNECTIONS,
    durationSeconds,
    // every product's page a dozen times and more before the measurement: the server's steady state, not
    // its first seconds of compiling the renderer's code (those ran ~20 % slower, p99 ~80 ms, on 25 Nov 2026)
    warmupSeconds: WARMUP_SECONDS,
    headers: PAGE_HEADERS,
    paths,
  });
  return {
    products: paths.length,
    requestsPerSecond: round(rendered.requestsPerSecond),
    latencyP50Ms: rendered.latencyP50Ms,
    latencyP99Ms: rendered.latencyP99Ms,
    non2xx: rendered.non2xx,
    errors: rendered.errors + rendered.timeouts,
  };
}

/** One path measured alone for a round, with the server's CPU time over it. */
async function cachedRound(
  shop: RenderedShop,
  path: string,
  seconds: number,
): Promise<{ requests: number; seconds: number; cpuMs: number; p99: number; non2xx: number }> {
  const before = cpuTimeMs(shop.pid);
  const result = await runLoad({ kind: 'autocannon', url: shop.url, connections: CONNECTIONS, durationSeconds: seconds, headers: PAGE_HEADERS, paths: [path] });
  const after = cpuTimeMs(shop.pid);
  return { requests: result.total, seconds, cpuMs: before === null || after === null ? NaN : after - before, p99: result.latencyP99Ms, non2xx: result.non2xx };
}

interface RenderedShop {
  url: string;
  pid: number;
}

/**
 * One product page from the page cache against cached JSON reads, in alternating rounds: run against a
 * production shop. The budget's comparison is the read of the page's size: served the same way
 * (decision 021), the two differ only in bytes; the featured list, a third of them, is measured beside
 * it. A hit costs the server so little (40-50 µs) that one core of autocannon cannot keep it busy (it
 * idles ~60 % of these rounds): the rates are the load generator's, so the server's CPU time per
 * request is what compares their cost, and the page's throughput is that of the JSON read times the
 * ratio of their CPU times.
 */
export async function measureRenderedCached(shop: RenderedShop, durationSeconds = 10): Promise<RenderedPagesResult['cached']> {
  const [path] = await productPaths(shop.url);
  const targets = [path!, '/api/products', '/api/products/featured'];
  const rounds = 4;
  const totals = targets.map(() => ({ requests: 0, seconds: 0, cpuMs: 0, p99: 0, non2xx: 0 }));
  for (const target of targets) await cachedRound(shop, target, 1);
  for (let round = 0; round < rounds; round += 1) {
    // A B C, then C B A: whatever else the machine does lands on all alike
    const order = round % 2 === 0 ? [0, 1, 2] : [2, 1, 0];
    for (const index of order) {
      const measured = await cachedRound(shop, targets[index]!, durationSeconds / rounds);
      const total = totals[index]!;
      total.requests += measured.requests;
      total.seconds += measured.seconds;
      total.cpuMs += measured.cpuMs;
      total.p99 = Math.max(total.p99, measured.p99);
      total.non2xx += measured.non2xx;
    }
  }
  const [page, json, small] = totals.map((total) => ({
    rps: total.requests / total.seconds,
    cpuUsPerRequest: (1000 * total.cpuMs) / total.requests,
    busy: total.cpuMs / (1000 * total.seconds),
    p99: total.p99,
    non2xx: total.non2xx,
  }));
  return {
    path: path!,
    pageRps: round(page!.rps),
    jsonRps: round(json!.rps),
    ratio: round(page!.rps / json!.rps, 3),
    smallJsonRps: round(small!.rps),
    smallRatio: round(page!.rps / small!.rps, 3),
    pageCpuUsPerRequest: round(page!.cpuUsPerRequest, 1),
    jsonCpuUsPerRequest: round(json!.cpuUsPerRequest, 1),
    smallJsonCpuUsPerRequest: round(small!.cpuUsPerRequest, 1),
    cpuRatio: round(json!.cpuUsPerRequest / page!.cpuUsPerRequest, 3),
    serverBusy: round(Math.max(page!.busy, json!.busy), 2),
    pageLatencyP99Ms: page!.p99,
    pageNon2xx: page!.non2xx,
  };
}

const JSON_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip' };
const VS_JSON_ROUNDS = 4;

interface RoundTotals {
  requests: number;
  seconds: number;
  cpuMs: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One load of `paths` in turn for a round, with the server's CPU time over it. */
async function uncachedRound(shop: RenderedShop, paths: string[], headers: Record<string, string>, seconds: number, totals: RoundTotals) {
  const before = cpuTimeMs(shop.pid);
  const result = await runLoad({ kind: 'autocannon', url: shop.url, connections: CONNECTIONS, durationSeconds: seconds, headers, paths });
  const after = cpuTimeMs(shop.pid);
  totals.requests += result.total;
  totals.seconds += seconds;
  totals.cpuMs += before === null || after === null ? NaN : after - before;
  totals.p99 = Math.max(totals.p99, result.latencyP99Ms);
  totals.non2xx += result.non2xx;
  totals.errors += result.errors + result.timeouts;
}

/**
 * Each rendered page against the JSON read it is drawn from, on the same uncached server (RESPONSE_CACHE=off)
 * in alternating rounds (A B, B A, ...), so other work on the machine lands on both: every product's page
 * against /api/products/:id for the same products in the same order, and /shop against /api/catalog (the
 * listing the shop page shows). Both load the server's core fully, so the rates compare (issue 35: the
 * page at least half its JSON read's pace); the server's CPU per request is beside them. Run after
 * measureRenderedUncached, which warms the renderer.
 */
export async function measureRenderedVsJson(shop: RenderedShop, secondsEach = 10): Promise<RenderedVsJson[]> {
  const products = await listedProducts(shop.url);
  const pairs: Array<{ page: string; json: string; pagePaths: string[]; jsonPaths: string[] }> = [
    {
      page: '/products/<slug>',
      json: '/api/products/:id',
      pagePaths: products.map(({ slug }) => `/products/${slug}`),
      jsonPaths: products.map(({ id }) => `/api/products/${id}`),
    },
    { page: '/shop', json: '/api/catalog', pagePaths: ['/shop'], jsonPaths: ['/api/catalog'] },
  ];
  const results: RenderedVsJson[] = [];
  for (const pair of pairs) {
    const page: RoundTotals = { requests: 0, seconds: 0, cpuMs: 0, p99: 0, non2xx: 0, errors: 0 };
    const json: RoundTotals = { ...page };
    const warmup: RoundTotals = { ...page };
    await uncachedRound(shop, pair.pagePaths, PAGE_HEADERS, 2, warmup);
    await uncachedRound(shop, pair.jsonPaths, JSON_HEADERS, 1, warmup);
    for (let index = 0; index < VS_JSON_ROUNDS; index += 1) {
      const order = index % 2 === 0 ? (['page', 'json'] as const) : (['json', 'page'] as const);
      for (const which of order) {
        if (which === 'page') await uncachedRound(shop, pair.pagePaths, PAGE_HEADERS, secondsEach / VS_JSON_ROUNDS, page);
        else await uncachedRound(shop, pair.jsonPaths, JSON_HEADERS, secondsEach / VS_JSON_ROUNDS, json);
      }
    }
    const pageRps = page.requests / page.seconds;
    const jsonRps = json.requests / json.seconds;
    results.push({
      page: pair.page,
      json: pair.json,
      pageRps: round(pageRps),
      jsonRps: round(jsonRps),
      ratio: round(pageRps / jsonRps, 3),
      pageCpuUsPerRequest: round((1000 * page.cpuMs) / page.requests),
      jsonCpuUsPerRequest: round((1000 * json.cpuMs) / json.requests),
      pageP99Ms: page.p99,
      jsonP99Ms: json.p99,
      non2xx: page.non2xx + json.non2xx,
      errors: page.errors + json.errors,
      loadAverage: round(os.loadavg()[0]!, 1),
    });
  }
  return results;
}
