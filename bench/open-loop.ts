// Latency at a steady load (issue 17): each uncached read's maximum throughput is measured first
// (closed loop, autocannon), then it is offered half of that at a constant rate (open loop,
// constant-rate.ts) and the p99 counted from each request's due time.
import os from 'node:os';
import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

export interface OpenLoopRead {
  read: 'product by id' | 'product list' | 'search "paddle"';
  /** closed loop, 100 connections */
  maximumRps: number;
  offeredRps: number;
  answeredRps: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  maxSendLagMs: number;
  non2xx: number;
  errors: number;
  loadAverage: number;
}

const MAXIMUM_CONNECTIONS = 100;

export async function measureOpenLoop(options: { shopUrl: string; seconds?: number }): Promise<OpenLoopRead[]> {
  const { seconds = 10 } = options;
  const products = (await (await fetch(`${options.shopUrl}/api/products`)).json()) as Array<{ id: number }>;
  if (products.length < 2) throw new Error('no catalogue to read: is the demo catalogue seeded?');
  const reads: Array<[OpenLoopRead['read'], string[]]> = [
    ['product by id', products.map((product) => `/api/products/${product.id}`)],
    ['product list', ['/api/products']],
    ['search "paddle"', ['/api/products?search=paddle']],
  ];
  const headers = { 'accept-encoding': 'gzip' };
  const results: OpenLoopRead[] = [];
  for (const [read, paths] of reads) {
    const maximum = await runLoad({
      kind: 'autocannon',
      url: options.shopUrl,
      connections: MAXIMUM_CONNECTIONS,
      durationSeconds: 3,
      warmupSeconds: 1,
      headers,
      paths,
    });
    const offered = Math.max(1, Math.round(maximum.requestsPerSecond / 2));
    const steady = await runLoad({
      kind: 'constant-rate',
      url: options.shopUrl,
      paths,
      ratePerSecond: offered,
      durationSeconds: seconds,
      warmupSeconds: 1,
      headers,
    });
    results.push({
      read,
      maximumRps: round(maximum.requestsPerSecond),
      offeredRps: offered,
      answeredRps: round(steady.answeredPerSecond),
      latencyP50Ms: round(steady.latencyP50Ms, 1),
      latencyP99Ms: round(steady.latencyP99Ms, 1),
      latencyMaxMs: round(steady.latencyMaxMs, 1),
      maxSendLagMs: round(steady.maxSendLagMs, 1),
      non2xx: steady.non2xx,
      errors: steady.errors,
      loadAverage: round(os.loadavg()[0]!, 1),
    });
  }
  return results;
}
