// autocannon ships no types; this is the part of its API the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    duration: number;
    /** sent: every request sent, answered or still in flight when the run ended */
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Array<{
      setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
      /** given the body: autocannon only keeps it when this is set */
      onResponse?: (status: number, body: string) => void;
    }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
