/** What a query hears when the database has not answered it within DATABASE_QUERY_TIMEOUT_MS (read-timeout.ts; node-postgres's own words for it). */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/** Network failures on the way to the database: it is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs meaning "the database cannot serve this now", not "this request is wrong":
 * class 08 connection exception, admin/crash shutdown and cannot-connect-now (57P01-57P03),
 * too many connections (53300), statement timeout or cancel (57014), idle in transaction timeout (25P03),
 * and the database dropped (3D000 database "shop" does not exist, on connecting).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03', '3D000']);

/**
 * SQLSTATEs meaning "this database does not have the schema this build expects": never migrated, tables
 * dropped, or an older copy restored (a table, column, function, type or schema the code names is
 * missing). Nothing can be served until an operator migrates or restores it, as readiness says: 503, not
 * 500. Both drivers (PostgreSQL and PGlite) report these same codes.
 */
const SCHEMA_MISSING_SQLSTATES = new Set([
  '3F000', // invalid_schema_name: schema "drizzle" does not exist
  '42P01', // undefined_table: relation "products" does not exist
  '42703', // undefined_column: column "slug" does not exist
  '42883', // undefined_function: function unaccent(text) does not exist
  '42704', // undefined_object: type "order_status" does not exist
]);

/** node-postgres and pg-pool say these in plain messages, without a code. */
const DRIVER_MESSAGES = [
  'Connection terminated', // ...unexpectedly, ...due to connection timeout
  'timeout exceeded when trying to connect', // pool: no free client within connectionTimeoutMillis
  'timeout expired', // client: connectionTimeoutMillis while connecting
  QUERY_READ_TIMEOUT,
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** True when an error (or what it wraps) says the database lacks the schema this build expects. */
export function isSchemaMissing(error: unknown): boolean {
  return someCause(error, (code) => SCHEMA_MISSING_SQLSTATES.has(code));
}

/**
 * True when an error says the database is unreachable, too slow, gone or behind the schema, rather than
 * the query being wrong. Drizzle wraps driver errors (DrizzleQueryError.cause) and Node wraps connection
 * attempts to several addresses (AggregateError.errors), so both are searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(
    error,
    (code) => NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || SCHEMA_MISSING_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code),
    (message) => DRIVER_MESSAGES.some((text) => message.startsWith(text)),
  );
}

/** Whether the error or any error it wraps has a code (or message) that `byCode` (or `byMessage`) accepts. */
function someCause(error: unknown, byCode: (code: string) => boolean, byMessage: (message: string) => boolean = () => false): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 10) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && byCode(code)) return true;
    if (typeof message === 'string' && byMessage(message)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
