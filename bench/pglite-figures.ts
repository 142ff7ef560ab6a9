// The databases a shop without DATABASE_URL runs on (decision 065: its own PostgreSQL server by default, or
// PGlite) under the loads measured on PostgreSQL elsewhere: the uncached reads (response cache off), a read
// from the response cache, and sustained checkout.
import os from 'node:os';
import { SHOPPER, serverErrorCount } from './checkout-load.ts';
import { runLoad } from './run-load.ts';
import { startShopServer, type ShopServer } from './shop-server.ts';
import { round } from './stats.ts';

export interface PgliteRead {
  read: 'product by id' | 'product list' | 'search "paddle"' | 'product list, response cache';
  connections: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  loadAverage: number;
}

export type EmbeddedEngine = 'pglite' | 'postgres';

export interface PgliteResult {
  engine: EmbeddedEngine;
  reads: PgliteRead[];
  checkoutSustained: { connections: number; reservationsPerSecond: number; latencyP99Ms: number; serverErrors: number; non2xx: number; loadAverage: number };
}

const UNCACHED_CONNECTIONS = 10;
const CACHED_CONNECTIONS = 100;
const SECONDS = 5;

async function read(shopUrl: string, name: PgliteRead['read'], paths: string[], connections: number): Promise<PgliteRead> {
  const result = await runLoad({
    kind: 'autocannon',
    url: shopUrl,
    connections,
    durationSeconds: SECONDS,
    warmupSeconds: 1,
    headers: { 'accept-encoding': 'gzip' },
    paths,
  });
  return {
    read: name,
    connections,
    requestsPerSecond: round(result.requestsPerSecond),
    latencyP50Ms: result.latencyP50Ms,
    latencyP99Ms: result.latencyP99Ms,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    loadAverage: round(os.loadavg()[0]!, 1),
  };
}

/** A product sold as one variant, given stock to spare through the admin API (the database is inside the shop's process). */
async function productWithStockToSpare(shopUrl: string): Promise<number> {
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
  const products = (await (await fetch(`${shopUrl}/api/products`)).json()) as Array<{ id: number }>;
  for (const { id } of products) {
    const document = (await (await fetch(`${shopUrl}/api/admin/products/${id}/document`, { headers: { cookie } })).json()) as {
      variants: Array<{ stock: number; stockWas?: number }>;
    };
    if (document.variants.length !== 1) continue;
    const variant = document.variants[0]!;
    Object.assign(variant, { stockWas: variant.stock, stock: 1_000_000 });
    const saved = await fetch(`${shopUrl}/api/admin/products/${id}/document`, {
      method: 'PUT',
      headers: { cookie, origin: shopUrl, 'content-type': 'application/json' },
      body: JSON.stringify(document),
    });
    if (!saved.ok) throw new Error(`setting the stock of product ${id} failed: ${saved.status} ${await saved.text()}`);
    return id;
  }
  throw new Error('no product sold as one variant in the demo catalogue');
}

interface EmbeddedOptions {
  port: number;
  clientDir: string;
  engine: EmbeddedEngine;
}

async function withShop<T>(options: EmbeddedOptions & { responseCache: 'on' | 'off' }, work: (shop: ShopServer) => Promise<T>): Promise<T> {
  const shop = await startShopServer({
    port: options.port,
    clientDir: options.clientDir,
    dataDir: `/tmp/h8-data-${options.engine}-${options.responseCache}`,
    env: { RESPONSE_CACHE: options.responseCache, EMBEDDED_DATABASE: options.engine },
  });
  try {
    return await work(shop);
  } finally {
    await shop.stop();
  }
}

export async function measureEmbedded(options: EmbeddedOptions): Promise<PgliteResult> {
  const reads = await withShop({ ...options, responseCache: 'off' }, async (shop) => {
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ id: number }>;
    return [
      await read(
        shop.url,
        'product by id',
        products.map((product) => `/api/products/${product.id}`),
        UNCACHED_CONNECTIONS,
      ),
      await read(shop.url, 'product list', ['/api/products'], UNCACHED_CONNECTIONS),
      await read(shop.url, 'search "paddle"', ['/api/products?search=paddle'], UNCACHED_CONNECTIONS),
    ];
  });
  return withShop({ ...options, responseCache: 'on' }, async (shop) => {
    const cached = await read(shop.url, 'product list, response cache', ['/api/products'], CACHED_CONNECTIONS);
    const productId = await productWithStockToSpare(shop.url);
    const payment = { ...SHOPPER, items: [{ productId, quantity: 1 }] };
    // one warm payment, as checkout-load.ts does: a timed warm-up would leave its unanswered payments queued ahead of the measured ones
    await fetch(`${shop.url}/api/create-payment-intent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payment) });
    const sustained = await runLoad({
      kind: 'autocannon',
      url: `${shop.url}/api/create-payment-intent`,
      connections: 100,
      durationSeconds: SECONDS,
      method: 'POST',
      body: payment,
    });
    return {
      engine: options.engine,
      reads: [...reads, cached],
      checkoutSustained: {
        connections: 100,
        reservationsPerSecond: round(sustained.ok2xx / SECONDS),
        latencyP99Ms: sustained.latencyP99Ms,
        serverErrors: serverErrorCount(sustained.statusCodes),
        non2xx: sustained.non2xx,
        loadAverage: round(os.loadavg()[0]!, 1),
      },
    };
  });
}
