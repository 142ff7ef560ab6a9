/** node-postgres's message when query_timeout fires (lib/client.js). */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/** Network failures on the way to the database: it is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs meaning "the database cannot serve this now", not "this request is wrong":
 * class 08 connection exception, admin/crash shutdown and cannot-connect-now (57P01-57P03),
 * too many connections (53300), statement timeout or cancel (57014), idle in transaction timeout (25P03).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/** node-postgres and pg-pool say these in plain messages, without a code. */
const DRIVER_MESSAGES = [
  'Connection terminated', // ...unexpectedly, ...due to connection timeout
  'timeout exceeded when trying to connect', // pool: no free client within connectionTimeoutMillis
  'timeout expired', // client: connectionTimeoutMillis while connecting
  QUERY_READ_TIMEOUT,
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when an error says the database is unreachable or too slow rather than the query being
 * wrong. Drizzle wraps driver errors (DrizzleQueryError.cause) and Node wraps connection attempts
 * to several addresses (AggregateError.errors), so both are searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 10) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text))) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
