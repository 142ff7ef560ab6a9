// DESIGN.md §8 (LCP <= 2.0 s): the storefront is rendered in the browser, so a page's largest
// image waits for its JavaScript and then for the API answer naming the image. A `Link:
// rel=preload` header on the page itself starts those API reads while the JavaScript downloads.
// The URLs and credentials mode must be exactly what the client's fetch uses (api-client.ts:
// credentials 'include'), or the browser fetches twice.

const EVERY_PAGE = ['/api/site-settings'];

/** The API reads a storefront page starts with, by path (no query: filtered lists are not guessed). */
export function pageApiReads(url: string): string[] {
  const [pathname = '/', query] = url.split('?');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return [...EVERY_PAGE, '/api/products/featured'];
  if (path === '/shop' && !query) return [...EVERY_PAGE, '/api/products'];
  const product = /^\/products\/([1-9]\d{0,9})$/.exec(path);
  if (product) return [...EVERY_PAGE, `/api/products/${product[1]}`];
  return EVERY_PAGE;
}

/** The Link header value for a page, or null. */
export function pagePreloadHeader(url: string): string | null {
  const reads = pageApiReads(url);
  if (reads.length === 0) return null;
  return reads.map((read) => `<${read}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}
