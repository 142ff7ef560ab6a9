// LCP (docs/performance.md): a rendered page (decision 021) names its largest image in a `Link:
// rel=preload` header, so the image starts before the browser has parsed the HTML that holds it
// (modules/catalog/page-image-preloads.ts). The image's URL, srcset and sizes must be exactly its
// <img>'s, or the browser fetches twice.

import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '#common/slug.ts';

/**
 * The storefront pages whose largest image is known from the path alone (no query: filtered lists are
 * not guessed). A product page's key is its slug, or its id (answered with a 301 to the slug: seo/routes.ts).
 */
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
