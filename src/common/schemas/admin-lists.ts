import { z } from 'zod';
import { fromDecimalText } from './whole-number.ts';
import { isBlank, isStorableTime } from './admin-fields.ts';

// The admin lists answer one page at a time (an array, as the spec's calls do), with the
// total in an X-Total-Count header: a shop with 20,000 orders cannot send them all.
export const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
const MAX_PAGE = 1_000_000;

export function pageFields(defaultSize: number) {
  return {
    page: fromDecimalText(
      z
        .number({ error: 'page must be a whole number of at least 1' })
        .int('page must be a whole number of at least 1')
        .min(1, 'page must be a whole number of at least 1')
        .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`),
    ).default(1),
    pageSize: fromDecimalText(
      z
        .number({ error: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
        .int(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
        .min(1, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
        .max(MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`),
    ).default(defaultSize),
  };
}

/** An empty search box means no search. */
export const searchText = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').optional(),
);

/** One page of a list and how many items all pages hold. */
export interface Page<T> {
  items: T[];
  total: number;
  /** the total is the database's estimate, not a count (a list too long to count on every page: decision 074) */
  estimated?: boolean;
}

const DAY_MS = 86_400_000;
const DATE_ONLY = z.iso.date();
const DATE_TIME = z.iso.datetime({ offset: true });

/**
 * A bound of a date range: a calendar day (YYYY-MM-DD, a UTC day) or an instant with its offset, which
 * is how the admin pages send the admin's own local midnight. `to` includes its whole day.
 */
function dateBound(name: 'from' | 'to') {
  const message = `${name} must be a date (YYYY-MM-DD) or a date and time with an offset`;
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string({ error: message })
      .trim()
      .refine((text) => DATE_ONLY.safeParse(text).success || DATE_TIME.safeParse(text).success, message)
      .transform((text, ctx) => {
        const wholeDay = DATE_ONLY.safeParse(text).success;
        const at = new Date(wholeDay ? `${text}T00:00:00Z` : text).getTime();
        // the range's end is exclusive inside the server: the day after a date, the next millisecond after an instant
        const bound = name === 'from' ? at : at + (wholeDay ? DAY_MS : 1);
        // year 0000 or past 9999 is no date the database can compare with
        if (!isStorableTime(bound)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return new Date(bound);
      })
      .optional(),
  );
}

/** `from` and `to` (both optional, both inclusive) over a list's creation times. */
export const dateRangeFields = { from: dateBound('from'), to: dateBound('to') };

/**
 * Refuses a range that ends before it starts, naming `to`. zod runs this object check even when a bound
 * was refused (its issue is already reported), so a bound may still be the text that was sent.
 */
export function checkDateRange(value: { from?: Date; to?: Date }, ctx: z.RefinementCtx): void {
  if (value.from instanceof Date && value.to instanceof Date && value.to.getTime() <= value.from.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  }
}
