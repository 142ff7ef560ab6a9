import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Why a checkout was refused, from the status its answer carried (the error handler's mapping of the domain errors). */
export type CheckoutRefusal = 'invalid_input' | 'conflict' | 'quota' | 'provider' | 'unavailable' | 'other';

export interface ShopMetrics {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL: one series per route, not per product), method and status. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  checkoutPlaced(): void;
  checkoutRefused(reason: CheckoutRefusal): void;
  /** A card was declined and its order closed (the simulator's confirmation or Stripe's webhook). */
  checkoutDeclined(): void;
  /** A catalogue read or rendered page the response cache answered from memory, or had to read. */
  responseCache(outcome: 'hit' | 'miss'): void;
}

/** What the gauges read when scraped: the database's pool and the e-mail queue. */
interface MetricsSources {
  driver: 'pg' | 'pglite';
  poolStats?: () => { total: number; idle: number; waiting: number } | null;
  queueDepth: () => Promise<number | null>;
}

// request times of a shop that answers in milliseconds and gives up after seconds
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One registry per app (tests build several in a process), with Node's own figures (memory, event loop, GC). */
export function createShopMetrics(sources: MetricsSources): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class (cached reads answered before Fastify are not counted)',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const checkouts = new Counter({
    name: 'shop_checkouts_total',
    help: 'Checkouts by outcome: placed (order created, payment started), declined (card refused, order closed), refused (by reason)',
    labelNames: ['outcome', 'reason'] as const,
    registers,
  });
  const cache = new Counter({
    name: 'shop_response_cache_lookups_total',
    help: 'Response cache lookups of catalogue reads and anonymous pages: hit (answered from memory) or miss (read through the app)',
    labelNames: ['outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'shop_database_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one (the embedded database has one connection and no pool)',
    labelNames: ['driver', 'state'] as const,
    registers,
    collect() {
      this.reset();
      const stats = sources.poolStats?.() ?? null;
      if (!stats) {
        this.set({ driver: sources.driver, state: 'total' }, 1);
        return;
      }
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ driver: sources.driver, state }, stats[state]);
    },
  });
  new Gauge({
    name: 'shop_mail_queue_depth',
    help: 'E-mails waiting in the SMTP job queue (pg-boss); 0 without SMTP, where e-mails stay in the outbox',
    registers,
    async collect() {
      this.reset();
      const depth = await sources.queueDepth().catch(() => null);
      if (depth !== null) this.set(depth);
    },
  });

  return {
    registry,
    observeRequest: (route, method, status, seconds) => requests.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds),
    checkoutPlaced: () => checkouts.inc({ outcome: 'placed', reason: '' }),
    checkoutRefused: (reason) => checkouts.inc({ outcome: 'refused', reason }),
    checkoutDeclined: () => checkouts.inc({ outcome: 'declined', reason: '' }),
    responseCache: (outcome) => cache.inc({ outcome }),
  };
}
