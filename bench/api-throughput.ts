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
  /** requests per second of each round, in the order run (shop and bare alternate) */
  shopRounds: number[];
  bareRounds: number[];
  shopLatencyP99Ms: number;
  shopNon2xx: number;
  shopErrors: number;
}

const LOAD_HEADERS = { 'accept-encoding': 'gzip' };

/**
 * Catalogue reads against a bare node:http server answering the same bytes,
 * side by side in one run: per route, the two alternate in short rounds with the same
 * connections, and each gets durationSeconds in all.
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
      const rounds = Math.max(2, Math.round(durationSeconds / 2.5));
      const compared = await runLoad({
        kind: 'compare',
        urls: [options.shopUrl + route, bare.url + route],
        connections,
        rounds,
        secondsPerRound: durationSeconds / rounds,
        warmupSeconds: 1,
        headers: LOAD_HEADERS,
      });
      const response = recorded[route]!;
      const [shopRps, bareRps] = compared.requestsPerSecond;
      results.push({
        route,
        bodyBytes: Buffer.from(response.bodyBase64, 'base64').length,
        contentEncoding: response.headers['content-encoding'] ?? null,
        shopRps: round(shopRps),
        bareRps: round(bareRps),
        ratio: round(shopRps / bareRps, 3),
        shopRounds: compared.roundRequestsPerSecond[0],
        bareRounds: compared.roundRequestsPerSecond[1],
        shopLatencyP99Ms: compared.latencyP99Ms[0],
        shopNon2xx: compared.non2xx[0],
        shopErrors: compared.errors[0],
      });
    }
  } finally {
    await bare.stop();
  }
  return results;
}
