// A product's or brand's address, /products/<slug> (docs/decisions/024). Zod-free, so links on light
// pages can import it.

/** The longest slug: long enough for any product name, short enough for a readable URL. */
export const MAX_SLUG_LENGTH = 100;

/**
 * Lowercase ascii words joined by single hyphens, with at least one letter: an all-digit slug would
 * read as an id (/products/12 is product 12).
 */
export const SLUG_PATTERN = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_RULE = 'lowercase letters, digits and single hyphens, with at least one letter';

/** Whether a path segment is a database id rather than a slug. */
export function isNumericKey(key: string): boolean {
  return /^\d+$/.test(key);
}

/**
 * Text as lowercase ascii words and digits joined by single hyphens: accents and apostrophes dropped
 * ("Pålé's" -> "pales"), every other run of non-alphanumerics one hyphen, none at either end. Slugs start
 * from it, and so do the server's upload names and product type keys (media's shortSlug).
 */
export function hyphenate(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug a name suggests: hyphenated, with "&" read as "and". A name with no letters is prefixed by what
 * it names ("3000" -> "product-3000"), so the slug never looks like an id.
 */
export function slugify(name: string, fallback: 'product' | 'brand'): string {
  const words = hyphenate(name.replace(/&/g, ' and '));
  const cut = words.length > MAX_SLUG_LENGTH - 10 ? words.slice(0, MAX_SLUG_LENGTH - 10).replace(/-[^-]*$/, '') : words;
  if (!cut) return fallback;
  return SLUG_PATTERN.test(cut) ? cut : `${fallback}-${cut}`;
}

/** The shop's page of a product or brand. */
export const productPath = (product: { slug: string }) => `/products/${product.slug}`;
export const brandPath = (brand: { slug: string }) => `/brands/${brand.slug}`;
