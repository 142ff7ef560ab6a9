// The load generator for bench:peers, run as its own process pinned to core 1. Unlike
// bench/load-child.ts's compare job the two servers speak different APIs (REST and GraphQL), so
// each target brings its own requests. Reads one JSON job from the file named in argv (thousands of
// GraphQL bodies are too long for a command line), prints one JSON result.
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { median } from '../stats.ts';

export interface PeerRequest {
  method: 'GET' | 'POST';
  path: string;
  /** sent as JSON */
  body?: unknown;
}

export interface PeerTarget {
  url: string;
  /** cycled through, one per request */
  requests: PeerRequest[];
  /** failures answered with 200 (GraphQL errors, error results): a body containing one counts as failed */
  failMarkers?: string[];
}

export interface PeerJob {
  targets: [PeerTarget, PeerTarget];
  connections: number;
  rounds: number;
  secondsPerRound: number;
  warmupSeconds: number;
  /**
   * A pause after each round: the requests still in flight when a round ends go on running on the
   * server, and would otherwise take the core from the other server's round.
   */
  drainSeconds: number;
}

export interface PeerTargetResult {
  requestsPerSecond: number;
  roundRequestsPerSecond: number[];
  /** medians over the rounds of each round's percentile */
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** every request sent, warm-up included, answered or still in flight at a round's end (for the server's CPU time per request) */
  sent: number;
  /** non-2xx answers, 2xx answers holding the fail marker, network errors and timeouts */
  failed: number;
}

async function run(target: PeerTarget, connections: number, seconds: number) {
  let next = 0;
  let marked = 0;
  const requests = target.requests.map((request) => ({
    method: request.method,
    path: request.path,
    ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
  }));
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip', 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length] }),
        ...(target.failMarkers && {
          onResponse: (status: number, body: string) => {
            if (status < 300 && target.failMarkers!.some((marker) => body.includes(marker))) marked += 1;
          },
        }),
      },
    ],
  });
  return { result, failed: result.non2xx + result.errors + result.timeouts + marked };
}

const job = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as PeerJob;
const warmups: number[] = [];
for (const target of job.targets) warmups.push((await run(target, job.connections, job.warmupSeconds)).result.requests.sent);
const rounds: Array<Array<Awaited<ReturnType<typeof run>>>> = [[], []];
for (let round = 0; round < job.rounds; round += 1) {
  // A B, B A, A B, ...: a burst of other work on the machine lands on both alike
  for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
    rounds[index]!.push(await run(job.targets[index]!, job.connections, job.secondsPerRound));
    await new Promise((resolve) => setTimeout(resolve, job.drainSeconds * 1000));
  }
}
const results: PeerTargetResult[] = rounds.map((runs, index) => {
  const requests = runs.reduce((sum, { result }) => sum + result.requests.total, 0);
  const seconds = runs.reduce((sum, { result }) => sum + result.duration, 0);
  return {
    requestsPerSecond: requests / seconds,
    roundRequestsPerSecond: runs.map(({ result }) => Math.round(result.requests.total / result.duration)),
    latencyP50Ms: median(runs.map(({ result }) => result.latency.p50)),
    latencyP99Ms: median(runs.map(({ result }) => result.latency.p99)),
    requests,
    // sent, not answered: the requests in flight when a round ends are still served (the drain), and at a
    // few answers a second they would otherwise be a large share of the CPU time left unaccounted
    sent: warmups[index]! + runs.reduce((sum, { result }) => sum + result.requests.sent, 0),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
  };
});
process.stdout.write(JSON.stringify(results));
