import { recordResponse, startBareServer, type RecordedResponse } from './bare-server.ts';
import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

export const CATALOGUE_ROUTES = ['/api/products', '/api/products/featured', '/api/site-settings'];

export interface RouteThroughput {
  route: string;
  bodyBytes: number;
  contentEncoding: string | null;
  shopRps: number;
  bareRps: number;
  ratio: number;
  shopLatencyP99Ms: number;
  shopNon2xx: number;
  shopErrors: number;
}

const LOAD_HEADERS = { 'accept-encoding': 'gzip' };

/**
 * DESIGN.md §8: catalogue reads against a bare node:http server answering the same bytes,
 * side by side in one run (each route: shop, then bare, same connections and duration).
 */
export async function measureApiThroughput(options: {
  shopUrl: string;
  barePort: number;
  connections?: number;
  durationSeconds?: number;
}): Promise<RouteThroughput[]> {
  const { connections = 100, durationSeconds = 10 } = options;
  const recorded: Record<string, RecordedResponse> = {};
  for (const route of CATALOGUE_ROUTES) recorded[route] = await recordResponse(options.shopUrl + route, LOAD_HEADERS);
  const bare = await startBareServer(options.barePort, recorded);
  const results: RouteThroughput[] = [];
  try {
    for (const route of CATALOGUE_ROUTES) {
      const job = { kind: 'autocannon' as const, connections, durationSeconds, warmupSeconds: 2, headers: LOAD_HEADERS };
      const shop = await runLoad({ ...job, url: options.shopUrl + route });
      const baseline = await runLoad({ ...job, url: bare.url + route });
      const response = recorded[route]!;
      results.push({
        route,
        bodyBytes: Buffer.from(response.bodyBase64, 'base64').length,
        contentEncoding: response.headers['content-encoding'] ?? null,
        shopRps: round(shop.requestsPerSecond),
        bareRps: round(baseline.requestsPerSecond),
        ratio: round(shop.requestsPerSecond / baseline.requestsPerSecond, 3),
        shopLatencyP99Ms: shop.latencyP99Ms,
        shopNon2xx: shop.non2xx,
        shopErrors: shop.errors + shop.timeouts,
      });
    }
  } finally {
    await bare.stop();
  }
  return results;
}
