// The load generator, run as its own process pinned to core 1 (see processes.ts). It reads one
// JSON job from argv and prints one JSON result on stdout.
import http from 'node:http';
import autocannon from 'autocannon';
import { runConstantRate, type ConstantRateJob } from './constant-rate.ts';
import { percentile } from './stats.ts';

export interface CannonJob {
  kind: 'autocannon';
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
  /** cycled through, one per request (e.g. different product ids) */
  paths?: string[];
  method?: 'GET' | 'POST';
  /** JSON body sent with every request */
  body?: unknown;
  /** JSON bodies cycled through, one per request, instead of `body` */
  bodies?: unknown[];
  /** every request from a client address of its own (X-Forwarded-For, for a shop behind a trusted proxy) */
  ownClientAddresses?: boolean;
}

export interface CannonResult {
  requestsPerSecond: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  statusCodes: Record<string, number>;
  bytesPerRequest: number;
}

/**
 * Two servers measured in alternation (A B, B A, A B, ...) in short rounds, so a burst of other
 * work on the machine lands on both alike; the totals are compared, not one lucky round.
 */
export interface CompareJob {
  kind: 'compare';
  urls: [string, string];
  connections: number;
  rounds: number;
  secondsPerRound: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
  /** cycled through on both servers, one per request */
  paths?: string[];
  method?: 'GET' | 'POST';
  /** JSON body sent with every request */
  body?: unknown;
  /** JSON bodies cycled through on both servers, one per request */
  bodies?: unknown[];
  /** every request to either server from a client address of its own */
  ownClientAddresses?: boolean;
}

export interface CompareResult {
  /** per url: requests per second over all its rounds */
  requestsPerSecond: [number, number];
  roundRequestsPerSecond: [number[], number[]];
  latencyP99Ms: [number, number];
  non2xx: [number, number];
  errors: [number, number];
  /** every request sent to each server, warm-up included (for CPU time per request) */
  totalRequests: [number, number];
}

export interface BurstJob {
  kind: 'burst';
  url: string;
  path: string;
  body: unknown;
  count: number;
  headers?: Record<string, string>;
}

export interface BurstResult {
  count: number;
  statusCodes: Record<string, number>;
  networkErrors: number;
  elapsedMs: number;
  /** from the first request sent to the first and the last 2xx answer */
  firstSuccessMs: number;
  lastSuccessMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

let clientAddresses = 0;

/** 10.100.0.1, 10.100.0.2, ...: a new address for every request of this process's jobs, 250 to a /24 */
function nextClientAddress(): string {
  const i = clientAddresses++;
  return `10.${100 + (Math.floor(i / 62_500) % 150)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

async function runCannon(job: CannonJob): Promise<CannonResult> {
  const { paths, ownClientAddresses } = job;
  const bodies = job.bodies?.map((body) => JSON.stringify(body));
  let next = 0;
  const options: Parameters<typeof autocannon>[0] = {
    url: job.url,
    connections: job.connections,
    headers: job.body === undefined && bodies === undefined ? job.headers : { 'content-type': 'application/json', ...job.headers },
  };
  // autocannon takes a present-but-undefined option as a value, so only set what the job has
  if (job.method) options.method = job.method;
  if (job.body !== undefined) options.body = JSON.stringify(job.body);
  if (paths || bodies || ownClientAddresses)
    options.requests = [
      {
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            ...(paths && { path: paths[index % paths.length] }),
            ...(bodies && { body: bodies[index % bodies.length] }),
            ...(ownClientAddresses && { headers: { ...(request.headers as Record<string, string> | undefined), 'x-forwarded-for': nextClientAddress() } }),
          };
        },
      },
    ];
  if (job.warmupSeconds) await autocannon({ ...options, duration: job.warmupSeconds });
  const result = await autocannon({ ...options, duration: job.durationSeconds });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (stats as { count: number }).count;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    total: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    statusCodes,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/** What every round of a comparison sends, whichever server it goes to. */
function sameRequests(job: CompareJob): Pick<CannonJob, 'headers' | 'paths' | 'method' | 'body' | 'bodies' | 'ownClientAddresses'> {
  return {
    headers: job.headers,
    ...(job.ownClientAddresses && { ownClientAddresses: true }),
    ...(job.paths && { paths: job.paths }),
    ...(job.method && { method: job.method }),
    ...(job.body !== undefined && { body: job.body }),
    ...(job.bodies && { bodies: job.bodies }),
  };
}

async function runCompare(job: CompareJob): Promise<CompareResult> {
  const totals = [0, 0];
  const seconds = [0, 0];
  const rounds: [number[], number[]] = [[], []];
  const p99: [number[], number[]] = [[], []];
  const non2xx: [number, number] = [0, 0];
  const errors: [number, number] = [0, 0];
  const sent: [number, number] = [0, 0];
  for (const index of [0, 1] as const) {
    if (job.warmupSeconds)
      sent[index] += (
        await runCannon({
          kind: 'autocannon',
          url: job.urls[index]!,
          connections: job.connections,
          durationSeconds: job.warmupSeconds,
          ...sameRequests(job),
        })
      ).total;
  }
  for (let round = 0; round < job.rounds; round += 1) {
    const order = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const index of order) {
      const result = await runCannon({
        kind: 'autocannon',
        url: job.urls[index]!,
        connections: job.connections,
        durationSeconds: job.secondsPerRound,
        ...sameRequests(job),
      });
      totals[index]! += result.total;
      sent[index] += result.total;
      seconds[index]! += result.total / result.requestsPerSecond || job.secondsPerRound;
      rounds[index]!.push(Math.round(result.requestsPerSecond));
      p99[index]!.push(result.latencyP99Ms);
      non2xx[index] += result.non2xx;
      errors[index] += result.errors + result.timeouts;
    }
  }
  return {
    requestsPerSecond: [totals[0]! / seconds[0]!, totals[1]! / seconds[1]!],
    roundRequestsPerSecond: rounds,
    latencyP99Ms: [Math.max(...p99[0]), Math.max(...p99[1])],
    non2xx,
    errors,
    totalRequests: sent,
  };
}

/** Every request in flight at once, each on its own connection: the "1,000 shoppers press Pay" case. */
async function runBurst(job: BurstJob): Promise<BurstResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: job.count });
  const target = new URL(job.path, job.url);
  const payload = Buffer.from(JSON.stringify(job.body));
  const statusCodes: Record<string, number> = {};
  const latencies: number[] = [];
  let networkErrors = 0;
  let lastSuccess = 0;
  let firstSuccess = Number.POSITIVE_INFINITY;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: job.count },
      () =>
        new Promise<void>((resolve) => {
          const sent = performance.now();
          const request = http.request(
            target,
            { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': payload.length, ...job.headers } },
            (response) => {
              response.resume();
              response.once('end', () => {
                const now = performance.now();
                latencies.push(now - sent);
                const code = String(response.statusCode);
                statusCodes[code] = (statusCodes[code] ?? 0) + 1;
                if (code.startsWith('2')) {
                  lastSuccess = Math.max(lastSuccess, now - started);
                  firstSuccess = Math.min(firstSuccess, now - started);
                }
                resolve();
              });
            },
          );
          request.setTimeout(60_000, () => request.destroy(new Error('timeout')));
          request.once('error', () => {
            networkErrors += 1;
            resolve();
          });
          request.end(payload);
        }),
    ),
  );
  agent.destroy();
  return {
    count: job.count,
    statusCodes,
    networkErrors,
    elapsedMs: performance.now() - started,
    firstSuccessMs: Number.isFinite(firstSuccess) ? firstSuccess : 0,
    lastSuccessMs: lastSuccess,
    latencyP50Ms: percentile(latencies, 50),
    latencyP99Ms: percentile(latencies, 99),
  };
}

const job = JSON.parse(process.argv[2] ?? '{}') as CannonJob | BurstJob | CompareJob | ConstantRateJob;
const result =
  job.kind === 'burst'
    ? await runBurst(job)
    : job.kind === 'compare'
      ? await runCompare(job)
      : job.kind === 'constant-rate'
        ? await runConstantRate(job)
        : await runCannon(job);
process.stdout.write(JSON.stringify(result));
