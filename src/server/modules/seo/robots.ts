import { absoluteUrl } from './json-ld.ts';

/**
 * Pages no search engine should list: the back office, the API, a visitor's cart, checkout, sign-in
 * and account pages, and order pages (private to their customer; decision 020's signed links).
 */
const DISALLOWED_PATHS = ['/admin', '/api/', '/cart', '/checkout', '/order-confirmation', '/auth', '/reset-password', '/profile', '/orders/', '/order-lookup'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''].join('\n');
}
