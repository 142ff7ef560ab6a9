import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, DatabaseHandle } from '#server/db/client.ts';

// Each instance empties its own caches of what the database holds when it answers a write: before the
// answer leaves (whoever wrote sees the change at once) and again once it has left (a read that began
// during the write may have kept the old state). Other instances on the same database hear of it
// through PostgreSQL NOTIFY and empty theirs, so a change made on one instance shows on every instance
// within a moment instead of after the caches' time to live (docs/operations.md). Writes come in
// bursts (a checkout is several), so an instance sends at most one notice per NOTIFY_EVERY_MS, after
// the burst's first write.

const CHANNEL = 'shop_cache_invalidation';
const NOTIFY_EVERY_MS = 100;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Clearable {
  clear(): void;
  /** Which of this instance's successful writes empty it (every one when absent); any write elsewhere does. */
  emptiedBy?(request: FastifyRequest): boolean;
}

export function installCacheInvalidation(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'> & { db: Database },
  caches: Clearable[],
  options: { notifyEveryMs?: number } = {},
): void {
  const instance = randomUUID();
  const clearAll = () => {
    for (const cache of caches) cache.clear();
  };
  const listener = database.listen(CHANNEL, { onMessage: (from) => from !== instance && clearAll(), onResync: clearAll }, app.log);

  let pending: NodeJS.Timeout | null = null;
  const notifyOthers = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = null;
      database.db.execute(sql`select pg_notify(${CHANNEL}, ${instance})`).catch((error: unknown) => {
        // the other instances' caches still expire on their own (TTL): a lost notice costs seconds, not data
        app.log.warn({ err: error }, 'cache invalidation notice not sent');
      });
    }, options.notifyEveryMs ?? NOTIFY_EVERY_MS);
    pending.unref();
  };

  const isWrite = (request: FastifyRequest, statusCode: number) => !SAFE_METHODS.has(request.method) && statusCode < 400;
  const clearAfter = (request: FastifyRequest) => {
    for (const cache of caches) if (cache.emptiedBy?.(request) ?? true) cache.clear();
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isWrite(request, reply.statusCode)) clearAfter(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (isWrite(request, reply.statusCode)) {
      clearAfter(request);
      notifyOthers();
    }
    done();
  });
  app.addHook('onClose', async () => {
    if (pending) clearTimeout(pending);
    await listener.stop();
  });
}
