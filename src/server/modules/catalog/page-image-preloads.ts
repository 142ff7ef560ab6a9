import type { FastifyInstance } from 'fastify';
import { catalogImageSrcSet, HERO_IMAGE_SIZES, PRODUCT_CARD_IMAGE_SIZES, PRODUCT_PAGE_IMAGE_SIZES } from '#common/images.ts';
import type { Database } from '#server/db/client.ts';
import { createCatalogReads, type CatalogReads } from './catalog-service.ts';
import { storefrontPage, type ImagePreload, type StorefrontPage } from '#server/http/page-preloads.ts';
import { productIdOf } from './slug-service.ts';

// For LCP (docs/performance.md): the image a storefront page shows largest, so the page's own answer can
// preload it before the JavaScript and the API answer naming it arrive. This runs on every page
// load, so answers are kept like the catalogue response cache keeps its reads (same lifetime,
// emptied by every successful write), a slow read is not waited for, and a failed read only
// costs the preload, never the page.

/** The page is sent without the image preload rather than wait longer for the database. */
export const LOOKUP_TIMEOUT_MS = 150;
/**
 * A read still running after this is no longer shared: the next page load reads again. Otherwise
 * one read stuck on a stalled connection would cost every later page its preload, even after the
 * database is back.
 */
export const READ_ABANDON_MS = 10_000;
const MAX_ENTRIES = 500;

/** The preload matching ProductImage: srcset and sizes only when the <img> writes them. */
export function catalogImagePreload(imageUrl: string | null | undefined, sizes: string): ImagePreload | null {
  if (!imageUrl) return null;
  const srcset = catalogImageSrcSet(imageUrl);
  return srcset ? { href: imageUrl, srcset, sizes } : { href: imageUrl };
}

/** Reads the page's largest image from the catalogue, as the page's components choose it. */
async function readPageImage(db: Database, catalog: CatalogReads, page: StorefrontPage): Promise<ImagePreload | null> {
  switch (page.page) {
    case 'home': {
      // hero-carousel.tsx: the first featured product is the first (eager, high-priority) slide
      const [first] = await catalog.listFeaturedProducts();
      return catalogImagePreload(first?.imageUrl, HERO_IMAGE_SIZES);
    }
    case 'shop': {
      // product-grid.tsx: the first card sits above the fold on every width (eager, high priority)
      const [first] = await catalog.listProducts({});
      return catalogImagePreload(first?.imageUrl, PRODUCT_CARD_IMAGE_SIZES);
    }
    case 'product': {
      const product = await catalog.getProduct(await productIdOf(db, /^\d+$/.test(page.key) ? Number(page.key) : page.key));
      return catalogImagePreload(product.imageUrl, PRODUCT_PAGE_IMAGE_SIZES);
    }
  }
}

export interface PageImages {
  /** The page's largest image, or null (not a known page, no image, read failed or slower than the timeout). */
  lookup(url: string): Promise<ImagePreload | null>;
  clear(): void;
}

interface Entry {
  image: ImagePreload | null;
  expiresAt: number;
}

interface Reading {
  image: Promise<ImagePreload | null>;
  startedAt: number;
}

/** cacheMs 0 reads on every page (tests write to the database directly). */
export function installPageImagePreloads(app: FastifyInstance, db: Database, options: { cacheMs: number; timeoutMs?: number; abandonMs?: number }): PageImages {
  const { cacheMs, timeoutMs = LOOKUP_TIMEOUT_MS, abandonMs = READ_ABANDON_MS } = options;
  const catalog = createCatalogReads(db);
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Reading>();
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
    reading.clear();
  };

  function read(key: string, page: StorefrontPage): Promise<ImagePreload | null> {
    const startedIn = generation;
    const current: Reading = {
      startedAt: Date.now(),
      image: readPageImage(db, catalog, page)
        // a missing product is an ordinary 404 page without an image, and is kept like one
        .catch((error: unknown) => {
          if ((error as { statusCode?: number }).statusCode === 404) return null;
          throw error;
        })
        .then(
          (image) => {
            // kept only while this is still the read in charge of the key (not cleared, not abandoned)
            if (cacheMs > 0 && startedIn === generation && reading.get(key) === current) {
              if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
              entries.set(key, { image, expiresAt: Date.now() + cacheMs });
            }
            return image;
          },
          (error: unknown) => {
            // a failed read costs this page its preload and is not kept: the next page load reads again
            app.log.warn({ err: error }, 'page image preload read failed');
            return null;
          },
        )
        .finally(() => {
          if (reading.get(key) === current) reading.delete(key);
        }),
    };
    reading.set(key, current);
    return current.image;
  }

  async function lookup(url: string): Promise<ImagePreload | null> {
    const page = storefrontPage(url);
    if (!page) return null;
    const key = page.page === 'product' ? `product:${page.key}` : page.page;
    const entry = entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.image;
    const current = reading.get(key);
    const pending = current && Date.now() - current.startedAt < abandonMs ? current.image : read(key, page);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      return await Promise.race([pending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return { lookup, clear };
}
