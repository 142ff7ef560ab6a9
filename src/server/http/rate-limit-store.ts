import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { claimScheduledRun, CLAIM_SHARE } from '#server/db/scheduled-runs.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { rateLimitHits } from '#server/db/schema.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

const CLEANUP_EVERY_MS = 60_000;

const ended = sql`${rateLimitHits.resetAt} <= now()`;
const insertHit = preparedPerDatabase((db) =>
  db
    .insert(rateLimitHits)
    .values({ key: sql.placeholder('key'), count: 1, resetAt: sql`now() + ${sql.placeholder('windowMs')}::int * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${ended} then 1 else least(${rateLimitHits.count} + 1, 2147483647) end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000))::integer`,
    })
    .prepare('rate_limit_count_hit'),
);

/**
 * Counts one hit in a fixed window and answers the count and the milliseconds left, in one
 * statement: the window restarts when it has ended, so concurrent hits from several instances
 * never lose a count.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const [row] = await insertHit(db).execute({ key, windowMs });
  return row!;
}

/** Ended windows nobody hit again: removed so the table holds only live counters. */
export async function deleteEndedWindows(db: Database): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now() - interval '1 minute'`));
}

/**
 * A @fastify/rate-limit store on the `rate_limit_hits` table, so every instance on one database
 * enforces the same limit. Each route's limit gets its own keys (method and URL in front of the
 * client key). When the database fails the request is let through with a warning: a limiter that
 * turns an outage into a 500 on every sign-in helps nobody, and the database outage is reported anyway.
 */
export function databaseRateLimitStore(db: Database, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const shared = { lastCleanup: Date.now() };

  function cleanUpNowAndThen(): void {
    if (Date.now() - shared.lastCleanup < CLEANUP_EVERY_MS) return;
    shared.lastCleanup = Date.now();
    // in the background: no request waits for housekeeping, and one instance on the database does it
    claimScheduledRun(db, 'rate-limit-cleanup', CLEANUP_EVERY_MS * CLAIM_SHARE)
      .then(async (mine) => {
        if (mine) await deleteEndedWindows(db);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'rate limit: cleanup failed'));
  }

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      cleanUpNowAndThen();
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => {
          log.warn({ err: error }, 'rate limit: database unavailable, request let through');
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    child(routeOptions: { method?: unknown; url?: unknown; routeInfo?: { method?: unknown; url?: unknown } }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseStore(routeOptions, `${String(route.method)} ${String(route.url)} `);
    }
  }
  return DatabaseStore;
}
