import type { QueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '#common/schemas/content.ts';
import {
  ApiError,
  apiQuery,
  brandQueryOptions,
  brandsQueryOptions,
  catalogQueryOptions,
  contactInfoQueryOptions,
  DEFAULT_SITE_TITLE,
  deliveryPromiseQueryOptions,
  featuredBrandsQueryOptions,
  featuredProductsQueryOptions,
  finderResultQueryOptions,
  homeQueryOptions,
  parseCatalogKey,
  parseRouteId,
  policiesQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  settingText,
} from '#client/ssr-entry.tsx';
import { brandPath, productPath } from '#common/slug.ts';
import { brandCrumbs, breadcrumbJsonLd, organizationJsonLd, productCrumbs, productJsonLd, webSiteJsonLd } from '#server/modules/seo/seo-service.ts';
import { answersQuery, readAnswers } from '#common/paddle-finder-quiz.ts';
import { summary, type PageHead } from './page-head.ts';

// One loader per server-rendered route: it reads what the page shows into the QueryClient (with the
// client's own query options, so the keys match) and answers the page's status and <head>. Product and
// brand pages are reached by their slug (decision 024): the read finds an id or a former slug too, and the
// page then answers 301 to the current slug's address, so a page costs no lookup of its address first.

interface PageContext {
  /** the route's path parameter (product or brand), as written in the address */
  param?: string;
  /** the address's query without "?" */
  search: string;
  queryClient: QueryClient;
  settings: SiteSettings;
  /** the shop's address (config.ts publicOrigin, never the request's Host): structured data names absolute URLs */
  origin: string;
}

export interface PageAnswer {
  /** 400: the address's query is not one the shop answers (the page shows the read's failure) */
  status: 200 | 400 | 404;
  head: PageHead;
  /** the same for every visitor and built from catalogue reads: may be kept and shared (page-cache.ts) */
  cacheable: boolean;
}

/** The address names a product or brand by its id or a former slug: 301 to its current address, query kept. */
export interface PageMoved {
  status: 301;
  location: string;
}

export type PageLoader = (context: PageContext) => Promise<PageAnswer | PageMoved>;

const DEFAULT_DESCRIPTION = 'Paddles, balls, bags, shoes and gear for pickleball players.';

export const siteTitleOf = (settings: SiteSettings) => settingText(settings.siteTitle, DEFAULT_SITE_TITLE);

/** "{page} | {site title}", as useDocumentTitle writes it. */
function titled(settings: SiteSettings, page: string | null): string {
  return page ? `${page} | ${siteTitleOf(settings)}` : siteTitleOf(settings);
}

function siteDescription(settings: SiteSettings): string {
  return summary(settingText(settings.heroDescription, DEFAULT_DESCRIPTION));
}

function page(settings: SiteSettings, title: string | null, canonical: string, fields: Partial<PageHead> = {}): PageHead {
  return {
    title: titled(settings, title),
    description: siteDescription(settings),
    canonical,
    image: settings.heroImageUrl ?? null,
    ogType: 'website',
    jsonLd: [],
    ...fields,
  };
}

/** The page of a missing product, brand or address: the page's own not-found view, status 404, not indexed. */
function notFound(settings: SiteSettings, title: string, canonical: string): PageAnswer {
  return { status: 404, head: page(settings, title, canonical, { noindex: true }), cacheable: true };
}

/** The read's answer, or null when the API says 404 (any other failure is the page's failure: 5xx). */
async function readOrMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const home: PageLoader = async ({ queryClient, settings, origin }) => {
  const [, , contact] = await Promise.all([
    queryClient.fetchQuery(featuredProductsQueryOptions()),
    queryClient.fetchQuery(featuredBrandsQueryOptions()),
    queryClient.fetchQuery(contactInfoQueryOptions()),
    // the owner's sections, resolved (decision 061)
    queryClient.fetchQuery(homeQueryOptions()),
  ]);
  const jsonLd = [organizationJsonLd(settings, contact, origin), webSiteJsonLd(settings, origin)];
  return { status: 200, head: page(settings, null, '/', { jsonLd }), cacheable: true };
};

// Tracking and facet parameters do not make pages of their own: a filtered list's canonical address is
// its category's first page, and only an address naming nothing but a category and a page is its own.
const CANONICAL_SHOP_PARAMS = new Set(['type', 'page']);
const TRACKING_PARAM = /^(utm_.+|gclid|fbclid|msclkid|mc_[a-z]+|ref)$/;

function shopCanonical(search: string): string {
  const params = new URLSearchParams(search);
  const meaningful = [...params.keys()].filter((key) => !TRACKING_PARAM.test(key));
  const type = params.get('type');
  const onlyCategoryAndPage = meaningful.every((key) => CANONICAL_SHOP_PARAMS.has(key));
  const canonical = new URLSearchParams();
  if (type) canonical.set('type', type);
  const pageNumber = Number(params.get('page'));
  if (onlyCategoryAndPage && Number.isInteger(pageNumber) && pageNumber > 1) canonical.set('page', String(pageNumber));
  const query = canonical.toString();
  return query ? `/shop?${query}` : '/shop';
}

const shop: PageLoader = async ({ queryClient, settings, search }) => {
  const params = new URLSearchParams(search);
  const [listing, brands] = await Promise.all([
    refusedOrRead(queryClient.fetchQuery(catalogQueryOptions(apiQuery(search)))),
    queryClient.fetchQuery(brandsQueryOptions()),
  ]);
  // a filter or page the API refuses (?page=abc): the page shows the failure, the status says whose it is
  if (listing === null) return { status: 400, head: page(settings, 'Shop', '/shop', { noindex: true }), cacheable: false };
  // shop-page.tsx's own title
  const term = (params.get('search') ?? '').trim();
  const brandId = parseRouteId(params.get('brand') ?? undefined);
  const brandName = brands.find((brand) => brand.id === brandId)?.name;
  const typeName = listing.categories.find((category) => category.slug === params.get('type'))?.name;
  const title = term ? `Search results for ${term}` : (brandName ?? typeName ?? 'Shop');
  const category = term ? null : (brandName ?? typeName ?? null);
  const description = term
    ? `Pickleball gear matching "${term}".`
    : category
      ? categoryDescription(settings, category, listing.total)
      : siteDescription(settings);
  // a category's preview shows what it sells (its first product's picture), not the home page's banner
  const image = category ? (listing.items.find((item) => item.imageUrl)?.imageUrl ?? settings.heroImageUrl ?? null) : (settings.heroImageUrl ?? null);
  return {
    status: 200,
    head: page(settings, title, shopCanonical(search), { description: summary(description), image, noindex: term !== '' }),
    cacheable: true,
  };
};

/** A category page's own description (the shop filtered by type or brand): what it is and how much of it there is. */
function categoryDescription(settings: SiteSettings, category: string, total: number): string {
  return `${category} at ${siteTitleOf(settings)}: ${total} ${total === 1 ? 'item' : 'items'} to choose from, with prices, stock and player reviews.`;
}

/** The read's answer, or null when the API refuses the query (400). */
async function refusedOrRead<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return null;
    throw error;
  }
}

/** The item's current address, with the query, when the address named it otherwise (its id, a former slug). */
function moved(found: { slug: string }, current: string, param: string | undefined, search: string): PageMoved | null {
  if (param === found.slug) return null;
  return { status: 301, location: search ? `${current}?${search}` : current };
}

const product: PageLoader = async ({ queryClient, settings, param, search, origin }) => {
  const key = parseCatalogKey(param);
  const found = key === null ? null : await readOrMissing(queryClient.fetchQuery(productQueryOptions(key)));
  if (!found) return notFound(settings, 'Product Not Found', `/products/${encodeURIComponent(param ?? '')}`);
  const elsewhere = moved(found, productPath(found), param, search);
  if (elsewhere) return elsewhere;
  // the delivery line is rendered with the page and hydrated from the same answer (decision 062); a failed
  // read leaves the line out rather than failing the page
  await queryClient.prefetchQuery(deliveryPromiseQueryOptions());
  const description = summary(found.description) || `${found.name}${found.brand ? ` by ${found.brand.name}` : ''}.`;
  return {
    status: 200,
    head: page(settings, found.name, productPath(found), {
      description,
      image: found.images[0]?.url ?? found.imageUrl ?? settings.heroImageUrl,
      ogType: 'product',
      jsonLd: [productJsonLd(found, origin), breadcrumbJsonLd(productCrumbs(found), origin)],
    }),
    // its stock is as fresh as the lists' (decision 021): every write empties the cache, on every instance
    cacheable: true,
  };
};

const brand: PageLoader = async ({ queryClient, settings, param, search, origin }) => {
  const key = parseCatalogKey(param);
  const found = key === null ? null : await readOrMissing(queryClient.fetchQuery(brandQueryOptions(key)));
  if (!found) return notFound(settings, 'Brand Not Found', `/brands/${encodeURIComponent(param ?? '')}`);
  const elsewhere = moved(found, brandPath(found), param, search);
  if (elsewhere) return elsewhere;
  await queryClient.fetchQuery(productsQueryOptions({ brandId: found.id }));
  const description = summary(found.description) || `Pickleball gear by ${found.name}.`;
  return {
    status: 200,
    head: page(settings, found.name, brandPath(found), {
      description,
      image: found.imageUrl ?? settings.heroImageUrl,
      jsonLd: [breadcrumbJsonLd(brandCrumbs(found), origin)],
    }),
    cacheable: true,
  };
};

const contact: PageLoader = async ({ queryClient, settings }) => {
  await queryClient.fetchQuery(contactInfoQueryOptions());
  return {
    status: 200,
    head: page(settings, 'Contact Us', '/contact', { description: `How to reach ${siteTitleOf(settings)}: e-mail, phone, address and hours.` }),
    cacheable: true,
  };
};

const policies: PageLoader = async ({ queryClient, settings }) => {
  const found = await queryClient.fetchQuery(policiesQueryOptions());
  const description = summary([found.title1, found.title2, found.title3].filter(Boolean).join(', ') + `: the policies of ${siteTitleOf(settings)}.`);
  return { status: 200, head: page(settings, 'Our Policies', '/policies', { description }), cacheable: true };
};

const compare: PageLoader = async ({ settings }) => ({
  status: 200,
  head: page(settings, 'Compare products', '/compare', { noindex: true }),
  cacheable: true,
});

const FINDER_DESCRIPTION = 'Six quick questions about your game, and the paddles that fit it best, with why each one fits.';

// the quiz is the same page for everyone; answers in its address only pre-fill it, so it has one canonical address
const paddleFinder: PageLoader = async ({ settings }) => ({
  status: 200,
  head: page(settings, 'Paddle finder', '/paddle-finder', { description: FINDER_DESCRIPTION }),
  cacheable: true,
});

// a shared result opens with its matches; results pages are not indexed (they follow the catalogue and the owner's rules)
const paddleFinderResults: PageLoader = async ({ queryClient, settings, search }) => {
  await queryClient.fetchQuery(finderResultQueryOptions(answersQuery(readAnswers(search))));
  return {
    status: 200,
    head: page(settings, 'Your paddle matches', '/paddle-finder', { description: FINDER_DESCRIPTION, noindex: true }),
    cacheable: true,
  };
};

// the form is the same for everyone; a code is checked in the browser, never put in the address
const giftCardBalance: PageLoader = async ({ settings }) => ({
  status: 200,
  head: page(settings, 'Gift card balance', '/gift-cards/balance', { description: `What is left on a ${siteTitleOf(settings)} gift card.` }),
  cacheable: true,
});

// the cart lives in the browser (local storage): its shell is the same for everyone
const cart: PageLoader = async ({ settings }) => ({ status: 200, head: page(settings, 'Your Cart', '/cart', { noindex: true }), cacheable: true });

// the same for checkout: its frame and placeholders are drawn here, the form in the browser from its cart
const checkout: PageLoader = async ({ settings }) => ({ status: 200, head: page(settings, 'Checkout', '/checkout', { noindex: true }), cacheable: true });

export const pageNotFound: PageLoader = async ({ settings }) => notFound(settings, 'Page Not Found', '/');

/**
 * Server-rendered routes: path pattern (one optional string parameter), loader, and the module
 * router.tsx loads lazily for it (relative to src/client; its chunk is preloaded with the page).
 */
export const PAGE_ROUTES: ReadonlyArray<{ pattern: RegExp; loader: PageLoader; chunk?: string }> = [
  { pattern: /^\/$/, loader: home },
  { pattern: /^\/shop$/, loader: shop, chunk: 'features/catalog/pages/shop-page.tsx' },
  { pattern: /^\/products\/([^/]+)$/, loader: product, chunk: 'app/routes/product-route.tsx' },
  { pattern: /^\/brands\/([^/]+)$/, loader: brand, chunk: 'features/catalog/pages/brand-page.tsx' },
  { pattern: /^\/compare$/, loader: compare, chunk: 'features/catalog/pages/compare-page.tsx' },
  { pattern: /^\/cart$/, loader: cart, chunk: 'app/routes/cart-route.tsx' },
  { pattern: /^\/checkout$/, loader: checkout, chunk: 'app/routes/checkout-route.tsx' },
  { pattern: /^\/contact$/, loader: contact, chunk: 'features/content/pages/contact-page.tsx' },
  { pattern: /^\/policies$/, loader: policies, chunk: 'features/content/pages/policies-page.tsx' },
  { pattern: /^\/gift-cards\/balance$/, loader: giftCardBalance, chunk: 'features/gift-cards/pages/gift-card-balance-page.tsx' },
  { pattern: /^\/paddle-finder$/, loader: paddleFinder, chunk: 'features/paddle-finder/pages/paddle-finder-page.tsx' },
  { pattern: /^\/paddle-finder\/results$/, loader: paddleFinderResults, chunk: 'features/paddle-finder/pages/paddle-finder-page.tsx' },
];

/** The not-found page's lazy module. */
export const NOT_FOUND_CHUNK = 'app/pages/not-found-page.tsx';

/** Pages the browser renders alone (the shell): accounts, checkout, orders, admin and diagnostics. */
export const CLIENT_RENDERED =
  /^\/(auth|reset-password|confirm-email|order-lookup|orders\/[^/]+|profile|admin(\/.*)?|order-confirmation|order-confirmation-test|stripe-status|payment-test)$/;
