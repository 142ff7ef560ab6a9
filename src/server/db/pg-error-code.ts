/** SQLSTATE codes we turn into client errors (409 instead of 500). */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The SQLSTATE of a database error from either driver. Drizzle wraps the driver's error
 * (DrizzleQueryError.cause), so look one level down too.
 */
export function pgErrorCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    if (typeof current === 'object' && 'code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : null;
  }
  return null;
}
