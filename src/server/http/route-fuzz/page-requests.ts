import fc from 'fast-check';
import { FuzzRequest } from './fuzz-requests.ts';
import { encodeText, junkPathSegments, junkStrings, rawQueryValues } from './junk-values.ts';
import type { Hints } from './schema-values.ts';

const segment = (hints: Hints) =>
  fc.oneof(
    fc.constantFrom(...junkPathSegments),
    fc.constantFrom(...junkStrings.filter((text) => text !== '')).map(encodeText),
    fc.constantFrom(...(hints.key ?? []).filter((key) => typeof key === 'string').map(String), ...(hints.productId ?? []).map(String)),
  );

const queryValue = fc.oneof(
  fc.constantFrom(...junkStrings).map(encodeText),
  fc.constantFrom(...rawQueryValues),
  fc.constantFrom('1', '2', 'price_asc', 'newest', '0', '-1', '99999'),
);

const shopKeys = [
  'search',
  'q',
  'sort',
  'page',
  'brand',
  'type',
  'price',
  'in_stock',
  'usapa',
  'f.weight',
  'o.core_thickness',
  'ids',
  'skill',
  'format',
  'style',
  'budget',
];
const query = fc
  .array(fc.tuple(fc.constantFrom(...shopKeys), queryValue), { maxLength: 4 })
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

/** Storefront addresses a crawler or a mistyped link may ask for, with junk where their ids and queries go. */
export function pageRequests(hints: Hints): fc.Arbitrary<FuzzRequest> {
  const url = fc.oneof(
    segment(hints).map((key) => `/products/${key}`),
    segment(hints).map((key) => `/brands/${key}`),
    fc.tuple(segment(hints), query).map(([key, rest]) => `/products/${key}?${rest}`),
    queryValue.map((value) => `/search?q=${value}`),
    query.map((rest) => `/shop?${rest}`),
    query.map((rest) => `/paddle-finder/results?${rest}`),
    query.map((rest) => `/compare?${rest}`),
    fc.constantFrom('/sitemap.xml', '/robots.txt', '/', '/cart', '/contact', '/policies', '/orders/PB-AAAAAA', '/admin/x'),
    segment(hints).map((junk) => `/${junk}`),
  );
  const method = fc.oneof({ weight: 5, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constant('HEAD') });
  return fc.tuple(method, url).map(([verb, address]) => new FuzzRequest(verb, address, { 'accept-encoding': 'gzip' }, undefined, '10.9.9.9'));
}
