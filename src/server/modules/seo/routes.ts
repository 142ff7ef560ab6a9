import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { LOGO_PATH } from './json-ld.ts';
import { FAVICONS, faviconBytes } from './favicons.ts';
import { googleFeedXml } from './google-feed.ts';
import { robotsTxt } from './robots.ts';
import { sitemapPages, sitemapXml } from './sitemap.ts';

/** Short enough that a new product shows up soon, long enough that a crawler's burst reads the database once. */
const BRIEF_CACHE = 'public, max-age=300';

// the favicon's ball, big enough for a search result's logo (Google asks for 112 px or more)
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#facc15"/></svg>\n`;

const GOOGLE_FEED_PATH = '/feeds/google.xml';

/** What the composition root hands the search-engine pages: the catalogue's slugs, and the shop's address their links start with. */
interface SeoDeps {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
}

/**
 * Root-level pages of the storefront's search presence (docs/decisions/024): /sitemap.xml, /robots.txt and
 * the logo structured data points at. A product or brand page named by its id or a former slug answers 301
 * from its page's loader (pages/page-loaders.ts).
 */
export const seoRoutes: FastifyPluginAsyncZod<SeoDeps> = async (app, { db, config }) => {
  app.get(
    '/sitemap.xml',
    { schema: { summary: 'The sitemap: content pages, categories, brands and products with their last change', tags: ['SEO'] } },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', BRIEF_CACHE)
        .send(sitemapXml(await sitemapPages(db), publicOrigin(config))),
  );

  // cached with the catalogue's reads (http/response-cache.ts) and emptied with them on any change
  app.get(
    GOOGLE_FEED_PATH,
    { schema: { summary: 'The Google Merchant Center product feed: RSS 2.0 with the g: namespace, one item per variant', tags: ['SEO'] } },
    async (_request, reply) =>
      reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', BRIEF_CACHE)
        .send(await googleFeedXml(db, publicOrigin(config))),
  );

  app.get('/robots.txt', { schema: { summary: 'What crawlers may visit, and where the sitemap is', tags: ['SEO'] } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', BRIEF_CACHE)
      .send(robotsTxt(publicOrigin(config))),
  );

  // a day: an icon rarely changes, and a browser asks for it on every first visit
  const icon = faviconBytes();
  for (const favicon of FAVICONS) {
    app.get(
      favicon.path,
      { schema: { summary: `The shop's icon (${favicon.size ? `${favicon.size} px PNG` : 'SVG'})`, tags: ['SEO'] } },
      async (_request, reply) =>
        reply
          .type(favicon.type)
          .header('cache-control', 'public, max-age=86400')
          .send(await icon(favicon.size)),
    );
  }

  app.get(LOGO_PATH, { schema: { summary: "The shop's logo, as its structured data names it", tags: ['SEO'] } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(LOGO_SVG),
  );
};
