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

/** The constraint a unique violation names ("" when the driver does not say), or null for any other error. */
export function uniqueViolationConstraint(error: unknown): string | null {
  if (pgErrorCode(error) !== UNIQUE_VIOLATION) return null;
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 3; depth += 1) {
    if ('constraint' in current && typeof current.constraint === 'string') return current.constraint;
    current = 'cause' in current ? current.cause : null;
  }
  return '';
}
