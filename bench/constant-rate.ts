// An open-loop load: requests leave on a fixed schedule (one every 1/rate s) whether or not the
// earlier ones were answered, and each latency counts from the time the request was due, so a slow
// answer cannot hold back the next sends and hide its own cost (coordinated omission). autocannon's
// overallRate is not that: each connection sends its next request only after the previous answer.
import http from 'node:http';
import { percentile } from './stats.ts';

export interface ConstantRateJob {
  kind: 'constant-rate';
  url: string;
  /** cycled through, one per request */
  paths: string[];
  ratePerSecond: number;
  durationSeconds: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
}

export interface ConstantRateResult {
  sent: number;
  ok2xx: number;
  non2xx: number;
  /** network errors and requests unanswered after 10 s */
  errors: number;
  /** answers per second over the measured phase (its last answer included) */
  answeredPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** how late the sender itself sent its latest request: a generator that falls behind shows here */
  maxSendLagMs: number;
  /** the slowest answers, slowest first: which read, and when in the phase it was due */
  slowest: { path: string; dueAtMs: number; latencyMs: number }[];
}

const SLOWEST_KEPT = 3;

const TIMEOUT_MS = 10_000;

async function phase(job: ConstantRateJob, agent: http.Agent, seconds: number): Promise<ConstantRateResult> {
  const total = Math.max(1, Math.round(job.ratePerSecond * seconds));
  const interval = 1000 / job.ratePerSecond;
  const latencies: number[] = [];
  const answers: ConstantRateResult['slowest'] = [];
  let [sent, answered, ok2xx, non2xx, errors, maxSendLagMs] = [0, 0, 0, 0, 0, 0];
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const settle = () => {
      answered += 1;
      if (answered === total) resolve();
    };
    const send = (path: string, due: number) => {
      const request = http.get(new URL(path, job.url), { agent, headers: job.headers }, (response) => {
        response.resume();
        response.once('end', () => {
          const latencyMs = performance.now() - due;
          latencies.push(latencyMs);
          answers.push({ path, dueAtMs: due - start, latencyMs });
          if (response.statusCode! >= 200 && response.statusCode! < 300) ok2xx += 1;
          else non2xx += 1;
          settle();
        });
      });
      request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('timeout')));
      request.once('error', () => {
        errors += 1;
        settle();
      });
    };
    const tick = () => {
      const now = performance.now();
      for (let due = start + sent * interval; sent < total && due <= now; due = start + sent * interval) {
        maxSendLagMs = Math.max(maxSendLagMs, now - due);
        send(job.paths[sent % job.paths.length]!, due);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  return {
    sent,
    ok2xx,
    non2xx,
    errors,
    answeredPerSecond: (answered * 1000) / (performance.now() - start),
    latencyP50Ms: percentile(latencies, 50),
    latencyP99Ms: percentile(latencies, 99),
    latencyMaxMs: Math.max(...latencies),
    maxSendLagMs,
    slowest: answers.sort((a, b) => b.latencyMs - a.latencyMs).slice(0, SLOWEST_KEPT),
  };
}

export async function runConstantRate(job: ConstantRateJob): Promise<ConstantRateResult> {
  // connections are opened as needed and kept: a request never waits for a free one
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  try {
    if (job.warmupSeconds) await phase(job, agent, job.warmupSeconds);
    return await phase(job, agent, job.durationSeconds);
  } finally {
    agent.destroy();
  }
}
