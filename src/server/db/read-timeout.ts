import type pg from 'pg';
import { QUERY_READ_TIMEOUT } from './database-unavailable.ts';

// The read timeout of the shop's queries (DATABASE_QUERY_TIMEOUT_MS): when the database stops answering (a
// stalled network), statement_timeout cannot help, since its error would come from the database too. It replaces
// node-postgres's query_timeout, which wraps each query's callback in a closure sharing its scope with the
// query and its client: under load V8 kept every answer that closure could reach alive through two young-
// generation collections, into the old generation, until a full collection (decision 093). Here each query's
// state is an object of its own, and its timer names a function of this module.

type Callback = (error: Error | null, result?: unknown) => void;
type Query = (...args: unknown[]) => unknown;

/** One query under way: answers its caller once, with the database's answer or the timeout, whichever is first. */
class PendingRead {
  private done = false;
  private readonly timer: NodeJS.Timeout;
  private resolve?: (result: unknown) => void;
  private reject?: (error: Error) => void;
  /** the caller's promise, when it passed no callback */
  readonly promise?: Promise<unknown>;

  constructor(
    readonly client: pg.PoolClient,
    private readonly callback: Callback | null,
    timeoutMs: number,
  ) {
    if (!callback) {
      this.promise = new Promise((resolve, reject) => {
        this.resolve = resolve;
        this.reject = reject;
      });
    }
    this.timer = setTimeout(readTimedOut, timeoutMs, this);
  }

  /** The callback node-postgres is given. */
  readonly settle = (error: Error | null, result?: unknown): void => {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    if (this.callback) this.callback(error, result);
    else if (error) this.reject!(error);
    else this.resolve!(result);
  };

  /** The query was never sent (node-postgres threw): no timeout, no answer. */
  abandon(): void {
    this.done = true;
    clearTimeout(this.timer);
  }
}

/**
 * The caller hears QUERY_READ_TIMEOUT at once, and the client goes back to the pool with that error: the pool
 * ends it, closing its socket, and opens a fresh one when needed. node-postgres's own timeout kept the client,
 * its query still active on the socket, so that every later query on it queued behind an answer that might
 * never come; and drizzle's transaction() never releases a client whose `begin` failed (the pool lost a slot
 * for good), and releases one whose query failed inside the transaction without the error (back into the
 * pool, stuck). The holder's own release afterwards is a no-op; a rollback fails at once on the closed client.
 */
function readTimedOut(read: PendingRead): void {
  const error = new Error(QUERY_READ_TIMEOUT);
  read.settle(error);
  const release = read.client.release;
  read.client.release = () => {};
  try {
    release(error);
  } catch {
    // already handed back by its holder (pool.query releases on the error it was just given): the pool has decided
  }
}

/** pg's promise gives its errors the caller's stack rather than the socket's; so does this one. */
export function withCallerStack(error: Error): never {
  Error.captureStackTrace(error);
  throw error;
}

/** A client's query with the read timeout. Submittable queries (cursors, streams; the shop sends none) are left to statement_timeout. */
function timedQuery(client: pg.PoolClient, query: Query, args: unknown[], timeoutMs: number): unknown {
  const first = args[0] as { submit?: unknown } | null | undefined;
  if (typeof first?.submit === 'function') return query.apply(client, args);
  const last = args.length - 1;
  const callback = typeof args[last] === 'function' ? (args[last] as Callback) : null;
  const read = new PendingRead(client, callback, timeoutMs);
  if (callback) args[last] = read.settle;
  else args.push(read.settle);
  try {
    query.apply(client, args);
  } catch (error) {
    read.abandon();
    throw error;
  }
  return read.promise?.catch(withCallerStack);
}

/** Every client the pool opens reads with the timeout; 0 turns it off. */
export function guardReads(pool: pg.Pool, timeoutMs: number): void {
  if (timeoutMs <= 0) return;
  pool.on('connect', (client) => {
    // the prototype's query, looked up at each call rather than bound once: tracing (tracing.ts) patches it
    // after the first connections are open
    const prototype = Object.getPrototypeOf(client) as { query: Query };
    client.query = ((...args: unknown[]) => timedQuery(client, prototype.query, args, timeoutMs)) as typeof client.query;
  });
}
