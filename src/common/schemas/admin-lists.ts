import { z } from 'zod';
import { fromDecimalText } from './whole-number.ts';
import { isBlank } from './admin-fields.ts';

// The admin lists answer one page at a time (an array, as the spec's calls do), with the
// total in an X-Total-Count header: a shop with 20,000 orders cannot send them all.
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
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
}
