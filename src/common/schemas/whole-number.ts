import { z } from 'zod';

const MAX_INT = 2_147_483_647;

/**
 * Forms and URLs send numbers as text. Only plain decimal digits (an optional minus for the
 * schema to refuse by its own rule) become a number; "0x10", "1e1", " 1", "+1" and "" stay text and
 * fail the number schema, where z.coerce.number would read them as 16, 10, 1, 1 and 0. Leading
 * zeros are still decimal and accepted ("01" is 1).
 */
export function fromDecimalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value), schema);
}

/** A database id: a positive 32-bit integer, as a JSON number or decimal text. */
export function positiveId(message: string) {
  return fromDecimalText(z.number({ error: message }).int(message).positive(message).max(MAX_INT, message));
}

/** The `:id` of a route: anything but a positive integer is a 400 before any query runs. */
export const IdParam = z.object({ id: positiveId('Id must be a positive integer') });

/** A list's `?page=` in a shared link: up to six digits, anything else ignored rather than refused. */
export const LenientPageParam = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .optional()
  .catch(undefined);
