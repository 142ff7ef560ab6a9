import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

// The server-rendered product page (issue 14, Performance): rendered for every request at 10
// connections (response and page caches off, PostgreSQL), and served from the page cache against the
// cached JSON read of the same server in alternating rounds.

const CONNECTIONS = 10;
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip' };
const WARMUP_SECONDS = 10;

export const RENDERED_PAGE_CONNECTIONS = CONNECTIONS;

export interface RenderedPagesResult {
  connections: number;
  /** every product's page in turn, each one rendered (no cache) */
  uncached?: { products: number; requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number };
  /** one product page from the page cache vs /api/products/featured from the response cache */
  cached?: {
    path: string;
    pageRps: number;
    /** /api/products: a cached JSON read whose body is the page's size (about 6-7 KB gzip) */
    jsonRps: number;
    ratio: number;
    /** /api/products/featured: a cached JSON read of a third of the page's bytes */
    smallJsonRps: number;
    smallRatio: number;
    pageLatencyP99Ms: number;
    pageNon2xx: number;
  };
}

async function productPaths(shopUrl: string): Promise<string[]> {
  const response = await fetch(`${shopUrl}/api/products`);
  const products = (await response.json()) as Array<{ slug: string }>;
  if (products.length === 0) throw new Error('no products to render: is the demo catalogue seeded?');
  return products.map((product) => `/products/${product.slug}`);
}

/** Every product's page in turn, each one rendered for its request: run against a shop with RESPONSE_CACHE=off. */
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

/**
 * One product page from the page cache against cached JSON reads, alternating: run against a production
 * shop. The budget's comparison is the read of the page's size: served the same way (decision 021), the
 * two differ only in bytes; the featured list, a third of them, is measured beside it.
 */
export async function measureRenderedCached(shopUrl: string, durationSeconds = 10): Promise<RenderedPagesResult['cached']> {
  const [path] = await productPaths(shopUrl);
  const rounds = 4;
  const against = (json: string) =>
    runLoad({
      kind: 'compare',
      urls: [shopUrl + path, shopUrl + json],
      connections: CONNECTIONS,
      rounds,
      secondsPerRound: durationSeconds / rounds,
      warmupSeconds: 1,
      headers: PAGE_HEADERS,
    });
  const compared = await against('/api/products');
  const small = await against('/api/products/featured');
  const [pageRps, jsonRps] = compared.requestsPerSecond;
  const [smallPageRps, smallJsonRps] = small.requestsPerSecond;
  return {
    path: path!,
    pageRps: round(pageRps),
    jsonRps: round(jsonRps),
    ratio: round(pageRps / jsonRps, 3),
    smallJsonRps: round(smallJsonRps),
    smallRatio: round(smallPageRps / smallJsonRps, 3),
    pageLatencyP99Ms: compared.latencyP99Ms[0],
    pageNon2xx: compared.non2xx[0],
  };
}
