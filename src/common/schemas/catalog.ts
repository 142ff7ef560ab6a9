import { z } from 'zod';
import { ProductVideo } from './product-video.ts';
import { AttributeValue, OptionType, ProductImage, ProductType, USAPA_STATUSES, Variant } from './catalog-model.ts';
import { positiveId } from './whole-number.ts';
import { listPageFields } from './list-page.ts';
import { isNumericKey, MAX_SLUG_LENGTH, SLUG_PATTERN } from '../slug.ts';

// Prices leave the API as decimal strings with 2 decimals ("129.99"), as the spec's clients expect.

export const Brand = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the brand page's address: /brands/<slug> */
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isFeatured: z.boolean(),
});
export type Brand = z.infer<typeof Brand>;

export const Product = z.object({
  id: z.number().int(),
  brandId: z.number().int().nullable(),
  name: z.string(),
  /** the product page's address: /products/<slug> */
  slug: z.string(),
  sku: z.string().nullable(),
  price: z.string(),
  description: z.string().nullable(),
  thickness: z.string().nullable(),
  color: z.string().nullable(),
  imageUrl: z.string().nullable(),
  stock: z.number().int(),
  releaseDate: z.string().nullable(),
  isFeatured: z.boolean(),
  productTypeId: z.number().int(),
  usapaStatus: z.enum(USAPA_STATUSES),
  /** the date the USA Pickleball list was checked (YYYY-MM-DD) */
  usapaCheckedOn: z.string().nullable(),
  brand: Brand.nullable().optional(),
});
export type Product = z.infer<typeof Product>;

/** Published reviews' average (2 decimals; null before the first) and count, kept on the product row. */
export const ProductRating = z.object({ ratingAverage: z.number().nullable(), ratingCount: z.number().int() });
export type ProductRating = z.infer<typeof ProductRating>;

/**
 * GET /api/products/:id: the product as the spec sends it (price is the lowest variant's, stock
 * the sum), with its type's spec sheet and axes, its variants, gallery and spec values.
 */
export const ProductDetail = Product.extend({
  ...ProductRating.shape,
  /** the owner's YouTube or Vimeo video (decision 068), played on a click only */
  video: ProductVideo.nullable().default(null),
  productType: ProductType,
  /** the axes this product's variants use, each with only the values they use, in sort order */
  options: z.array(OptionType),
  variants: z.array(Variant),
  images: z.array(ProductImage),
  attributes: z.array(AttributeValue),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** At most this many ids in one `ids` query: a cart's lines re-read in one request. */
const MAX_PRODUCT_IDS = 100;
const IDS_MESSAGE = `ids must be up to ${MAX_PRODUCT_IDS} comma-separated positive integers`;
const productIds = z
  .string()
  .transform((text): unknown[] => text.split(','))
  .pipe(z.array(positiveId(IDS_MESSAGE)).min(1, IDS_MESSAGE).max(MAX_PRODUCT_IDS, IDS_MESSAGE));

/** A variant as a cart re-reads its line (GET /api/variants?ids=). */
export const VariantStock = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string().nullable(),
  price: z.string(),
  stock: z.number().int(),
});
export type VariantStock = z.infer<typeof VariantStock>;

/** GET /api/variants: up to 100 variant ids; unknown ones are simply absent. */
export const VariantListQuery = z.object({ ids: productIds });
export type VariantListQuery = z.infer<typeof VariantListQuery>;

export const ProductListQuery = z.object({
  brandId: positiveId('brandId must be a positive integer').optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  /** only these products (the cart re-reading its lines); unknown and deleted ids are simply absent */
  ids: productIds.optional(),
  ...listPageFields,
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

// re-exported: the helpers live in a zod-free module the storefront's first bundle can import
export { thumbnailUrl, THUMBNAIL_WIDTH, FULL_IMAGE_WIDTH } from '#common/images.ts';

const KEY_MESSAGE = 'Id must be a positive integer or a URL slug';

/**
 * GET /api/products/:id and /api/brands/:id: the spec's numeric id (plain decimal, as every route id)
 * or the item's slug (docs/decisions/024). Anything else is a 400 before any query runs.
 */
export const CatalogKeyParam = z.object({
  id: z.string().transform((value, ctx): number | string => {
    if (isNumericKey(value)) {
      const id = Number(value);
      if (id >= 1 && id <= 2_147_483_647) return id;
    } else if (value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value)) {
      return value;
    }
    ctx.addIssue({ code: 'custom', message: KEY_MESSAGE });
    return z.NEVER;
  }),
});
