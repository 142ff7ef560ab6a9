import { aggregateRating } from '#common/aggregate-rating.ts';
import { parseBusinessAddress } from '#common/business-address.ts';
import { toCents } from '#common/money.ts';
import type { Brand, ProductDetail } from '#common/schemas/catalog.ts';
import type { ContactInfo, SiteSettings } from '#common/schemas/content.ts';
import { brandPath, productPath } from '#common/slug.ts';

// Structured data for search engines (schema.org as JSON-LD), built from the read models the pages
// already have. Pure functions: the page loaders put them in each rendered page's <head>
// (pages/page-head.ts escapes them for the script element). URLs are absolute, from `origin`
// (PUBLIC_URL, else http://localhost:PORT, never a request header: config.ts publicOrigin). Google's rules followed:
// https://developers.google.com/search/docs/appearance/structured-data/merchant-listing

export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';
/** The shop sells in US dollars only (src/common/money.ts). */
const CURRENCY = 'USD';
/** The name a shop without a site title goes by, as the client's page titles do. */
const DEFAULT_SHOP_NAME = 'Pickleball Shop';

/** An absolute URL for a path or an uploaded image; absolute URLs (an image hosted elsewhere) stay as they are. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin.replace(/\/+$/, '')}/`).href;
}

const withoutEmpty = (data: JsonLd): JsonLd =>
  Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && !value.length)),
  );

/** A price as schema.org wants it: a decimal with a dot, no currency sign. */
const priceText = (price: string) => (toCents(price) / 100).toFixed(2);

function variantName(product: ProductDetail, variant: ProductDetail['variants'][number]): string {
  const labels = variant.options.map((option) => option.label);
  return labels.length ? `${product.name} (${labels.join(', ')})` : product.name;
}

/**
 * `Product`, with one `Offer` per variant (price, USD, availability, condition, its own URL), or an
 * `AggregateOffer` (lowPrice, highPrice, offerCount, and the same per-variant offers inside) when
 * the variants' prices differ. Variants without a price above zero are left out: Google refuses a
 * merchant listing with a zero price.
 */
export function productJsonLd(product: ProductDetail, origin: string): JsonLd {
  const pageUrl = absoluteUrl(origin, productPath(product));
  const sellable = product.variants.filter((variant) => toCents(variant.price) > 0);
  const offers = sellable.map((variant) =>
    withoutEmpty({
      '@type': 'Offer',
      url: product.variants.length > 1 ? `${pageUrl}?variant=${variant.id}` : pageUrl,
      sku: variant.sku,
      name: product.variants.length > 1 ? variantName(product, variant) : null,
      price: priceText(variant.price),
      priceCurrency: CURRENCY,
      availability: `${SCHEMA}/${variant.stock > 0 ? 'InStock' : 'OutOfStock'}`,
      itemCondition: `${SCHEMA}/NewCondition`,
    }),
  );
  const cents = sellable.map((variant) => toCents(variant.price));
  const low = Math.min(...cents);
  const high = Math.max(...cents);
  const images = product.images.length ? product.images.map((image) => image.url) : product.imageUrl ? [product.imageUrl] : [];
  return withoutEmpty({
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${pageUrl}#product`,
    name: product.name,
    url: pageUrl,
    image: images.map((url) => absoluteUrl(origin, url)),
    description: product.description ?? product.name,
    sku: product.sku ?? (product.variants.length === 1 ? product.variants[0]!.sku : null),
    color: product.color,
    category: product.productType.name,
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : null,
    // published player reviews (decision 025); none yet: no rating at all, never a zero
    aggregateRating: aggregateRating(product),
    offers:
      offers.length === 0
        ? null
        : low === high
          ? offers
          : {
              '@type': 'AggregateOffer',
              lowPrice: (low / 100).toFixed(2),
              highPrice: (high / 100).toFixed(2),
              offerCount: offers.length,
              priceCurrency: CURRENCY,
              availability: `${SCHEMA}/${sellable.some((variant) => variant.stock > 0) ? 'InStock' : 'OutOfStock'}`,
              offers,
            },
  });
}

interface Crumb {
  name: string;
  /** a path on the shop ("/shop?type=paddles") */
  path: string;
}

/** `BreadcrumbList`: the trail from the home page, each step with its absolute URL. */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(origin, crumb.path) })),
  };
}

/** A product page's trail: Home > Shop > its category > its brand's products > the product. */
export function productCrumbs(product: ProductDetail): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Shop', path: '/shop' },
    { name: product.productType.name, path: `/shop?type=${encodeURIComponent(product.productType.slug)}` },
    ...(product.brand ? [{ name: product.brand.name, path: brandPath(product.brand) }] : []),
    { name: product.name, path: productPath(product) },
  ];
}

/** A brand page's trail: Home > Shop > the brand. */
export function brandCrumbs(brand: Brand): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Shop', path: '/shop' },
    { name: brand.name, path: brandPath(brand) },
  ];
}

/** Where the shop's logo is served (seo/routes.ts): the site has no uploaded logo of its own yet. */
export const LOGO_PATH = '/logo.svg';

/**
 * `Organization`: the shop's name, address, logo, contact point (phone, e-mail, hours) and social
 * profiles, from the site and contact settings.
 */
export function organizationJsonLd(site: Pick<SiteSettings, 'siteTitle'>, contact: ContactInfo, origin: string): JsonLd {
  const address = parseBusinessAddress(contact.address);
  const contactPoint =
    contact.phone || contact.email
      ? withoutEmpty({
          '@type': 'ContactPoint',
          contactType: 'customer service',
          telephone: contact.phone,
          email: contact.email,
          hoursAvailable: contact.businessHours,
        })
      : null;
  return withoutEmpty({
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${absoluteUrl(origin, '/')}#organization`,
    name: site.siteTitle || DEFAULT_SHOP_NAME,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, LOGO_PATH),
    email: contact.email,
    telephone: contact.phone,
    address: address
      ? {
          '@type': 'PostalAddress',
          streetAddress: address.street,
          addressLocality: address.city,
          addressRegion: address.state,
          postalCode: address.zip,
          addressCountry: address.country,
        }
      : null,
    contactPoint,
    sameAs: [contact.facebook, contact.twitter, contact.instagram, contact.linkedin].filter((link): link is string => !!link && /^https?:\/\//.test(link)),
  });
}

/** The shop search's address, as the header's search form builds it (client/app/layout/shop-search-path.ts). */
const SEARCH_URL_TEMPLATE = '/shop?search={search_term_string}';

/** `WebSite` with a `SearchAction` into the shop's search, for a search box under the shop's result. */
export function webSiteJsonLd(site: Pick<SiteSettings, 'siteTitle'>, origin: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    '@id': `${absoluteUrl(origin, '/')}#website`,
    name: site.siteTitle || DEFAULT_SHOP_NAME,
    url: absoluteUrl(origin, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: absoluteUrl(origin, '/') + SEARCH_URL_TEMPLATE.slice(1) },
      'query-input': 'required name=search_term_string',
    },
  };
}
