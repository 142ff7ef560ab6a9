import { z } from 'zod';
import { centsToDecimal, toCents } from '../money.ts';
import { MAX_SLUG_LENGTH, SLUG_PATTERN, SLUG_RULE } from '../slug.ts';

// Field builders the admin payloads share. Forms send multipart text, so numbers and flags
// arrive as strings; these coerce them and hand the server normalised values.

export const MAX_INT = 2_147_483_647;
const MAX_MONEY_CENTS = 99_999_999_99; // numeric(10,2)

export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Trimmed optional text; an empty field clears the value (null). */
export function optionalText(label: string, max = 500) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === '' ? null : value));
}

/**
 * A money-like amount given as text or number, >= 0 with at most 2 decimals, normalised to
 * the "12.50" string the database and API carry.
 */
export function decimalAmount(label: string, options: { max?: number; maxMessage?: string } = {}) {
  return z.union([z.string(), z.number()], { error: `${label} is required` }).transform((raw, ctx) => {
    const text = String(raw).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    const value = Number(text);
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    if (value < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
      return z.NEVER;
    }
    const max = options.max ?? MAX_MONEY_CENTS / 100;
    if (value > max) {
      ctx.addIssue({ code: 'custom', message: options.maxMessage ?? `${label} must be at most ${max}` });
      return z.NEVER;
    }
    const cents = toCents(value);
    if (Math.abs(cents / 100 - value) > 1e-9) {
      ctx.addIssue({ code: 'custom', message: `${label} can have at most 2 decimal places` });
      return z.NEVER;
    }
    return centsToDecimal(cents);
  });
}

/** A flag as JSON boolean or as the multipart text "true"/"false". */
export function flag(label: string) {
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: `${label} must be true or false` });
}

/** A leading YYYY-MM-DD must be a real day: Date.parse rolls 2024-02-31 over into March. */
function isRealCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return true;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An instant PostgreSQL takes as JavaScript writes it (toISOString): years 1 to 9999 in UTC. Year 0, years
 * before it ("-000001-01-01") and past 9999 ("+275760-09-13", or 9999-12-31 late in a western zone) fail there.
 */
export function isStorableTime(time: number): boolean {
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

export const isParsableDate = (value: string) => isStorableTime(Date.parse(value)) && isRealCalendarDay(value);

export function isIsoDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && isParsableDate(value);
}

/** Uploaded files live under /uploads; anything else must be an http(s) address. */
export function imageUrlField(label: string) {
  return optionalText(label, 1000).refine(
    (value) => value == null || /^\/uploads\/[a-z0-9-]+\.webp$/.test(value) || isHttpUrl(value),
    `${label} must be an uploaded image or an http(s) URL`,
  );
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A product's or brand's address (docs/decisions/024); empty or absent keeps the current one, or on a
 * new item makes one from the name.
 */
export const slugField = z
  .string({ error: 'URL slug must be text' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || value.length <= MAX_SLUG_LENGTH, `URL slug must be at most ${MAX_SLUG_LENGTH} characters`)
  .refine((value) => value === undefined || SLUG_PATTERN.test(value), `URL slug must be ${SLUG_RULE}`);
