import type { Database } from '#server/db/client.ts';
import { listCatalogPages, type CatalogPage } from '#server/modules/catalog/slug-service.ts';
import { getContactInfo, getPolicies, getSiteSettings } from '#server/modules/content/content-service.ts';
import { absoluteUrl } from './json-ld.ts';

// /sitemap.xml (sitemaps.org protocol 0.9): the pages a search engine should list, each with its
// last change. One file holds up to 50,000 URLs, far more than a shop of this kind sells.

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const latest = (...dates: Date[]) => new Date(Math.max(0, ...dates.map((date) => date.getTime())));

/** The home, shop, contact and policies pages, then every category, brand and product. */
export async function sitemapPages(db: Database): Promise<CatalogPage[]> {
  const catalog = await listCatalogPages(db);
  const [site, contact, policies] = await Promise.all([getSiteSettings(db), getContactInfo(db), getPolicies(db)]);
  const newestProduct = latest(...catalog.products.map((page) => page.updatedAt));
  return [
    { path: '/', updatedAt: latest(new Date(site.updatedAt), newestProduct) },
    { path: '/shop', updatedAt: newestProduct },
    { path: '/contact', updatedAt: new Date(contact.updatedAt) },
    { path: '/policies', updatedAt: new Date(policies.updatedAt) },
    ...catalog.categories,
    ...catalog.brands,
    ...catalog.products,
  ];
}

export function sitemapXml(pages: CatalogPage[], origin: string): string {
  const urls = pages.map(
    (page) =>
      `  <url><loc>${escapeXml(absoluteUrl(origin, page.path))}</loc>${page.updatedAt.getTime() > 0 ? `<lastmod>${page.updatedAt.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
