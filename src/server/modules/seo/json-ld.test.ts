import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, Product, ProductDetail } from '#common/schemas/catalog.ts';
import type { ContactInfo } from '#common/schemas/content.ts';
import { seedDatabase } from '#server/seed/seed.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { breadcrumbJsonLd, brandCrumbs, organizationJsonLd, productCrumbs, productJsonLd, webSiteJsonLd, type JsonLd } from './json-ld.ts';

const ORIGIN = 'https://shop.example';
const absolute = (value: unknown) => typeof value === 'string' && value.startsWith(`${ORIGIN}/`);

/**
 * Google's merchant listing rules (developers.google.com/search/docs/appearance/structured-data/merchant-listing):
 * a Product needs name, image and offers; an Offer needs price (above zero) and priceCurrency; we also
 * promise the recommended availability, itemCondition, url, brand, description and sku. Answers what is wrong.
 */
function merchantListingProblems(data: JsonLd): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => ok || problems.push(what);
  need(data['@context'] === 'https://schema.org' && data['@type'] === 'Product', 'a schema.org Product');
  need(typeof data.name === 'string' && data.name.length > 0, 'name');
  need(Array.isArray(data.image) && data.image.length > 0 && data.image.every(absolute), 'image: absolute URLs');
  need(typeof data.description === 'string' && data.description.length > 0, 'description');
  need(typeof (data.brand as JsonLd | undefined)?.name === 'string', 'brand.name');
  const checkOffer = (offer: JsonLd, where: string) => {
    need(offer['@type'] === 'Offer', `${where}: an Offer`);
    need(typeof offer.price === 'string' && /^\d+\.\d{2}$/.test(offer.price) && Number(offer.price) > 0, `${where}: price above zero`);
    need(offer.priceCurrency === 'USD', `${where}: priceCurrency`);
    need(['https://schema.org/InStock', 'https://schema.org/OutOfStock'].includes(offer.availability as string), `${where}: availability`);
    need(offer.itemCondition === 'https://schema.org/NewCondition', `${where}: itemCondition`);
    need(absolute(offer.url), `${where}: url`);
    need(typeof offer.sku === 'string', `${where}: sku`);
  };
  const offers = data.offers as JsonLd | JsonLd[] | undefined;
  if (Array.isArray(offers)) {
    need(offers.length > 0, 'offers');
    offers.forEach((offer, index) => checkOffer(offer, `offers[${index}]`));
    need(new Set(offers.map((offer) => offer.price)).size === 1, 'one price across Offers (else an AggregateOffer)');
  } else if (offers?.['@type'] === 'AggregateOffer') {
    const inner = offers.offers as JsonLd[];
    need(Number(offers.lowPrice) > 0 && Number(offers.highPrice) > Number(offers.lowPrice), 'AggregateOffer lowPrice < highPrice');
    need(offers.priceCurrency === 'USD', 'AggregateOffer priceCurrency');
    need(offers.offerCount === inner.length, 'AggregateOffer offerCount');
    inner.forEach((offer, index) => checkOffer(offer, `offers.offers[${index}]`));
  } else {
    problems.push('offers');
  }
  return problems;
}

describe('JSON-LD of the demo catalogue', () => {
  let t: TestApp;
  let details: ProductDetail[];
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db, { mode: 'demo', images: t.images });
    const list = (await t.app.inject('/api/products')).json() as Product[];
    details = await Promise.all(list.map(async (product) => (await t.app.inject(`/api/products/${product.slug}`)).json() as ProductDetail));
  }, 120_000);
  afterAll(() => t.close());

  it('meets the merchant listing rules for every product', () => {
    expect(details.length).toBeGreaterThan(20);
    const problems = Object.fromEntries(
      details.map((product) => [product.name, merchantListingProblems(productJsonLd(product, ORIGIN))]).filter(([, list]) => list!.length),
    );
    expect(problems).toEqual({});
  });

  it('gives a product sold in several variants an offer per variant, at its own URL', () => {
    const several = details.find((product) => product.variants.length > 1)!;
    const data = productJsonLd(several, ORIGIN);
    const offers = (Array.isArray(data.offers) ? data.offers : (data.offers as JsonLd).offers) as JsonLd[];
    expect(offers.map((offer) => offer.url)).toEqual(several.variants.map((variant) => `${ORIGIN}/products/${several.slug}?variant=${variant.id}`));
    expect(offers.map((offer) => offer.sku)).toEqual(several.variants.map((variant) => variant.sku));
  });

  it('uses an AggregateOffer with the price range when variants differ in price', () => {
    const ranged = details.find((product) => new Set(product.variants.map((variant) => variant.price)).size > 1)!;
    const offers = productJsonLd(ranged, ORIGIN).offers as JsonLd;
    const prices = ranged.variants.map((variant) => Number(variant.price));
    expect(offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: Math.min(...prices).toFixed(2),
      highPrice: Math.max(...prices).toFixed(2),
      offerCount: ranged.variants.length,
      priceCurrency: 'USD',
    });
  });

  it('says out of stock for a sold-out variant', () => {
    const product = structuredClone(details[0]!);
    product.variants = [{ ...product.variants[0]!, stock: 0 }];
    expect((productJsonLd(product, ORIGIN).offers as JsonLd[])[0]!.availability).toBe('https://schema.org/OutOfStock');
  });

  it('walks a product page from home through its category and brand', () => {
    const product = details.find((item) => item.brand)!;
    const trail = breadcrumbJsonLd(productCrumbs(product), ORIGIN);
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Shop', item: `${ORIGIN}/shop` },
      { '@type': 'ListItem', position: 3, name: product.productType.name, item: `${ORIGIN}/shop?type=${product.productType.slug}` },
      { '@type': 'ListItem', position: 4, name: product.brand!.name, item: `${ORIGIN}/brands/${product.brand!.slug}` },
      { '@type': 'ListItem', position: 5, name: product.name, item: `${ORIGIN}/products/${product.slug}` },
    ]);
    const brand = product.brand as Brand;
    expect((breadcrumbJsonLd(brandCrumbs(brand), ORIGIN).itemListElement as JsonLd[]).at(-1)).toEqual({
      '@type': 'ListItem',
      position: 3,
      name: brand.name,
      item: `${ORIGIN}/brands/${brand.slug}`,
    });
  });
});

describe('Organization and WebSite', () => {
  const contact: ContactInfo = {
    email: 'hello@kitchenline.example',
    phone: '+1 512 555 0100',
    address: '1 Court St, Suite 2, Austin, TX, 78701',
    facebook: 'https://facebook.com/kitchenline',
    twitter: null,
    instagram: 'kitchenline',
    linkedin: '',
    businessHours: 'Mo-Fr 09:00-17:00',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('names the shop with its logo, address and contact point', () => {
    expect(organizationJsonLd({ siteTitle: 'Kitchen Line' }, contact, ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      name: 'Kitchen Line',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.svg`,
      email: 'hello@kitchenline.example',
      telephone: '+1 512 555 0100',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Court St, Suite 2',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78701',
        addressCountry: 'US',
      },
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: '+1 512 555 0100',
        email: 'hello@kitchenline.example',
        hoursAvailable: 'Mo-Fr 09:00-17:00',
      },
      // only full profile URLs
      sameAs: ['https://facebook.com/kitchenline'],
    });
  });

  it('leaves out what the owner has not filled in', () => {
    const empty = { ...contact, email: null, phone: null, address: null, facebook: null, instagram: null };
    expect(organizationJsonLd({ siteTitle: null }, empty, ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      name: 'Pickleball Shop',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.svg`,
    });
  });

  it("points the search action at the shop's search parameter", () => {
    expect(webSiteJsonLd({ siteTitle: 'Kitchen Line' }, `${ORIGIN}/`)).toMatchObject({
      '@type': 'WebSite',
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/shop?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
