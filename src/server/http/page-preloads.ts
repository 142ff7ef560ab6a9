// LCP <= 2.0 s (docs/performance.md): the storefront is rendered in the browser, so a page's largest
// image waits for its JavaScript and then for the API answer naming the image. A `Link:
// rel=preload` header on the page itself starts those API reads while the JavaScript downloads,
// and the largest image itself when the server knows it (modules/catalog/page-image-preloads.ts).
// The URLs and credentials mode must be exactly what the client's fetch uses (api-client.ts:
// credentials 'include'), or the browser fetches twice; the same holds for the image's
// URL, srcset and sizes against its <img>.

import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '#common/slug.ts';

const EVERY_PAGE = ['/api/site-settings'];

/** The storefront pages whose first reads are known from the path alone (no query: filtered lists are not guessed). */
/** A product page's key is its slug, or its id (which the server answers with a 301 to the slug: seo/routes.ts). */
export type StorefrontPage = { page: 'home' } | { page: 'shop' } | { page: 'product'; key: string };

export function storefrontPage(url: string): StorefrontPage | null {
  const [pathname = '/', query] = url.split('?');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { page: 'home' };
  if (path === '/shop' && !query) return { page: 'shop' };
  const product = /^\/products\/([^/]+)$/.exec(path)?.[1];
  if (product && (/^[1-9]\d{0,9}$/.test(product) || (product.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(product))))
    return { page: 'product', key: product };
  return null;
}

/** The API reads a storefront page starts with, by path. */
export function pageApiReads(url: string): string[] {
  const page = storefrontPage(url);
  if (page?.page === 'home') return [...EVERY_PAGE, '/api/products/featured'];
  if (page?.page === 'shop') return [...EVERY_PAGE, '/api/products'];
  if (page?.page === 'product') return [...EVERY_PAGE, `/api/products/${page.key}`];
  return EVERY_PAGE;
}

/** A page's largest image as its <img> requests it: src, and srcset/sizes when the <img> has them. */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
}

// Same-origin paths only (CSP img-src is 'self'), and nothing that could break out of the
// header's <...> or "..." (commas would also split a srcset candidate).
const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%!$&'()*+;=:@?]*$/;
const SAFE_SIZES = /^[A-Za-z0-9 ().,:%-]+$/;

/** The Link value preloading an image at high priority, or null when it cannot be written safely. */
export function imagePreloadLink(image: ImagePreload): string | null {
  if (!SAFE_PATH.test(image.href)) return null;
  const parts = [`<${image.href}>`, 'rel=preload', 'as=image'];
  if (image.srcset) {
    const candidates = image.srcset.split(', ');
    if (!candidates.every((candidate) => /^\S+ \d+w$/.test(candidate) && SAFE_PATH.test(candidate.split(' ')[0]!))) return null;
    parts.push(`imagesrcset="${image.srcset}"`);
    if (image.sizes) {
      if (!SAFE_SIZES.test(image.sizes)) return null;
      parts.push(`imagesizes="${image.sizes}"`);
    }
  }
  parts.push('fetchpriority=high');
  return parts.join('; ');
}

/** The Link header value for a page (its API reads, then its largest image when known), or null. */
export function pagePreloadHeader(url: string, image: ImagePreload | null = null): string | null {
  const links = pageApiReads(url).map((read) => `<${read}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  const imageLink = image ? imagePreloadLink(image) : null;
  if (imageLink) links.push(imageLink);
  return links.length > 0 ? links.join(', ') : null;
}
