import { and, asc, eq, inArray } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { Database } from '#server/db/client.ts';
import { brands, optionTypes, optionValues, productImages, products, productVariants, siteSettings, variantOptionValues } from '#server/db/schema.ts';
import { absoluteUrl } from './json-ld.ts';

// /feeds/google.xml: the Google Merchant Center product feed (RSS 2.0 with the g: namespace), one item per
// variant (https://support.google.com/merchants/answer/7052112). Built with xmlbuilder2, which escapes
// every text and attribute, never by joining strings.

const G = 'http://base.google.com/ns/1.0';
// Google's limits: longer texts are refused, not cut
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const ADDITIONAL_IMAGES_MAX = 10;

interface FeedVariant {
  variantId: number;
  productId: number;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  stock: number;
  imageId: number | null;
  gtin: string | null;
  mpn: string | null;
  name: string;
  slug: string;
  description: string | null;
  productImageUrl: string | null;
  productColor: string | null;
  brand: string | null;
}

const money = (cents: number) => `${centsToDecimal(cents)} USD`;

// Map.groupBy is Node 21+; the shop runs on 20
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The axis a value belongs to, as Google names it: colour and size are the two it asks for. */
function googleAttribute(axis: { key: string; name: string }): 'color' | 'size' | null {
  const words = `${axis.key} ${axis.name}`.toLowerCase();
  if (/\bcolou?r\b/.test(words)) return 'color';
  // a pack size is a quantity, not a size Google means
  if (/\bsize\b/.test(words) && !/\bpack\b/.test(words)) return 'size';
  return null;
}

async function readFeed(db: Database) {
  const variants: FeedVariant[] = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      sku: productVariants.sku,
      price: productVariants.price,
      compareAtPrice: productVariants.compareAtPrice,
      stock: productVariants.stock,
      imageId: productVariants.imageId,
      gtin: productVariants.gtin,
      mpn: productVariants.mpn,
      name: products.name,
      slug: products.slug,
      description: products.description,
      productImageUrl: products.imageUrl,
      productColor: products.color,
      brand: brands.name,
    })
    .from(productVariants)
    .innerJoin(products, and(eq(products.id, productVariants.productId), eq(products.isDeleted, false)))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
  const productIds = [...new Set(variants.map((variant) => variant.productId))];
  const variantIds = variants.map((variant) => variant.variantId);
  const [images, options, [settings]] = await Promise.all([
    productIds.length
      ? db
          .select({ id: productImages.id, productId: productImages.productId, url: productImages.url })
          .from(productImages)
          .where(inArray(productImages.productId, productIds))
          .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
      : [],
    variantIds.length
      ? db
          .select({ variantId: variantOptionValues.variantId, label: optionValues.label, key: optionTypes.key, name: optionTypes.name })
          .from(variantOptionValues)
          .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
          .innerJoin(optionTypes, eq(optionTypes.id, variantOptionValues.optionTypeId))
          .where(inArray(variantOptionValues.variantId, variantIds))
          .orderBy(asc(optionTypes.position))
      : [],
    db
      .select({ title: siteSettings.siteTitle, shippingCost: siteSettings.shippingCost, freeShippingThreshold: siteSettings.freeShippingThreshold })
      .from(siteSettings)
      .limit(1),
  ]);
  return { variants, images, options, settings };
}

/**
 * The feed's XML. Price is the regular price (compare-at when the variant is on sale) and sale_price
 * the price charged; shipping is the shop's Standard rate to the US (free from the threshold, spec §9:
 * free when either setting is missing); an item with neither GTIN nor MPN says identifier_exists no.
 */
export async function googleFeedXml(db: Database, origin: string): Promise<string> {
  const { variants, images, options, settings } = await readFeed(db);
  const shopName = settings?.title?.trim() || 'Pickleball Shop';
  const imagesOf = groupBy(images, (image) => image.productId);
  const optionsOf = groupBy(options, (option) => option.variantId);
  const variantCount = groupBy(variants, (variant) => variant.productId);
  const shippingCents = settings?.shippingCost == null || settings.freeShippingThreshold == null ? null : toCents(settings.shippingCost);
  const thresholdCents = settings?.freeShippingThreshold == null ? null : toCents(settings.freeShippingThreshold);

  // loaded on the first feed read, not at every start
  const { create } = await import('xmlbuilder2');
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', { version: '2.0', 'xmlns:g': G });
  const channel = root.ele('channel');
  channel.ele('title').txt(shopName);
  channel.ele('link').txt(absoluteUrl(origin, '/'));
  channel.ele('description').txt(`${shopName}: every product we sell, one item per option`);

  for (const variant of variants) {
    const gallery = imagesOf.get(variant.productId) ?? [];
    const own = gallery.find((image) => image.id === variant.imageId);
    const imageUrls = [...new Set([own?.url, variant.productImageUrl, ...gallery.map((image) => image.url)].filter((url): url is string => Boolean(url)))];
    // Google refuses an item without a picture: a product gets into the feed once it has one
    if (imageUrls.length === 0) continue;
    const item = channel.ele('item');
    const g = (name: string, value: string) => item.ele(G, `g:${name}`).txt(value);
    const labels = optionsOf.get(variant.variantId) ?? [];
    const title = labels.length ? `${variant.name} - ${labels.map((label) => label.label).join(', ')}` : variant.name;
    const priceCents = toCents(variant.price);
    const regularCents = variant.compareAtPrice == null ? priceCents : Math.max(priceCents, toCents(variant.compareAtPrice));

    g('id', variant.sku ?? `V${variant.variantId}`);
    g('item_group_id', `P${variant.productId}`);
    item.ele('title').txt(title.slice(0, TITLE_MAX));
    item.ele('description').txt((variant.description?.trim() || title).slice(0, DESCRIPTION_MAX));
    const several = (variantCount.get(variant.productId)?.length ?? 0) > 1;
    item.ele('link').txt(absoluteUrl(origin, several ? `/products/${variant.slug}?variant=${variant.variantId}` : `/products/${variant.slug}`));
    g('image_link', absoluteUrl(origin, imageUrls[0]!));
    for (const url of imageUrls.slice(1, 1 + ADDITIONAL_IMAGES_MAX)) g('additional_image_link', absoluteUrl(origin, url));
    g('price', money(regularCents));
    if (regularCents > priceCents) g('sale_price', money(priceCents));
    g('availability', variant.stock > 0 ? 'in_stock' : 'out_of_stock');
    if (variant.brand) g('brand', variant.brand);
    if (variant.gtin) g('gtin', variant.gtin);
    if (variant.mpn) g('mpn', variant.mpn);
    if (!variant.gtin && !variant.mpn) g('identifier_exists', 'no');
    g('condition', 'new');
    const shipping = item.ele(G, 'g:shipping');
    shipping.ele(G, 'g:country').txt('US');
    shipping.ele(G, 'g:service').txt('Standard');
    const free = shippingCents === null || (thresholdCents !== null && priceCents >= thresholdCents);
    shipping.ele(G, 'g:price').txt(money(free ? 0 : shippingCents));
    for (const label of labels) {
      const attribute = googleAttribute(label);
      if (attribute) g(attribute, label.label);
    }
    if (!labels.some((label) => googleAttribute(label) === 'color') && variant.productColor) g('color', variant.productColor);
  }
  return root.end({ prettyPrint: true });
}
