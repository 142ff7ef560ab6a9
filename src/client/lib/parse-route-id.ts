import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '#common/slug.ts';

/** A route id as a positive integer, or null (then the page shows its not-found state without asking). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * A product's or brand's address key: its id (the spec's /products/12) or its slug (/products/vector-16,
 * docs/decisions/024); null when it is neither (the page shows its not-found state without asking).
 */
export function parseCatalogKey(value: string | undefined): number | string | null {
  if (value && /^\d+$/.test(value)) return parseRouteId(value);
  return value && value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value) ? value : null;
}
