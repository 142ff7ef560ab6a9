import { z } from 'zod';
import { isValidGtin } from '../gtin.ts';
import { parseVideoUrl, VIDEO_URL_MESSAGE } from '../product-video.ts';
import { decimalAmount, flag, imageUrlField, isParsableDate, isStorableTime, MAX_INT, optionalText, slugField } from './admin-fields.ts';
import { MAX_VARIANTS, USAPA_STATUSES } from './catalog-model.ts';
import { fromDecimalText, positiveId } from './whole-number.ts';

// A whole product as one document: its fields, gallery, variants and spec values. The admin's
// product editor, the CSV import and the demo catalogue all save products as this document, through
// one service, so one set of rules holds for all three (docs/decisions/017). Options and spec
// values are named by key and label, not by id, so a document reads the same in any shop.

const wholeNumber = (label: string) =>
  fromDecimalText(
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(MAX_INT, `${label} is too large`),
  );

/** A variant's weight or one side of its box: absent keeps the stored value, null clears it. */
const measure = (label: string) => wholeNumber(label).nullish();

const MAX_GALLERY_IMAGES = 20;

const GalleryImageInput = z.object({
  url: imageUrlField('Image URL').pipe(z.string({ error: 'Image URL is required' })),
  alt: z.string({ error: 'Alt text must be text' }).trim().max(300, 'Alt text must be at most 300 characters').default(''),
});

/** A label of one option value: "16 mm", "4 1/4 in", "Black". Values are shared and created on first use. */
export const OptionLabel = z
  .string({ error: 'Option value must be text' })
  .trim()
  .min(1, 'Option value is required')
  .max(60, 'Option value must be at most 60 characters');

const VariantInput = z.object({
  /** an existing variant of this product, kept (its order lines stay linked); absent for a new one */
  id: positiveId('Variant id must be a positive integer').optional(),
  sku: optionalText('SKU', 100),
  price: decimalAmount('Price'),
  compareAtPrice: decimalAmount('Compare-at price').nullish(),
  // for shopping feeds: digits with a valid check digit, or the maker's part number when there is none
  gtin: optionalText('GTIN', 14).refine((value) => value == null || isValidGtin(value), 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit'),
  mpn: optionalText('MPN', 70),
  // what one unit cost the shop, for the inventory report's value at cost (decision 051); null: not known
  costPrice: decimalAmount('Cost price').nullish(),
  // for weight-bracket shipping rates and carriers (decision 049): grams and millimetres; null: not known
  weightGrams: measure('Weight'),
  lengthMm: measure('Length'),
  widthMm: measure('Width'),
  heightMm: measure('Height'),
  stock: wholeNumber('Stock'),
  /** the stock the editor loaded: a changed stock is saved only if it is still that (409 otherwise) */
  stockWas: wholeNumber('stockWas').optional(),
  /** option type key -> value label, e.g. { core_thickness: "16 mm", grip_size: "4 1/4 in" } */
  options: z.record(z.string().trim().min(1).max(60), OptionLabel).default({}),
  /** index into the document's images */
  image: z.number().int().min(0).nullish(),
});

/**
 * A spec value by its attribute's key, in the attribute's unit: a number, a range {min, max}, one
 * choice, several choices, yes/no, or text; null or absent is "not stated". `variant` (an index into
 * the document's variants) makes it that variant's value, overriding the product's.
 */
export const AttributeValueInput = z.object({
  key: z.string({ error: 'Attribute key is required' }).trim().min(1, 'Attribute key is required').max(60),
  variant: z.number().int().min(0).optional(),
  value: z.union([
    z.number(),
    z.object({ min: z.number(), max: z.number() }),
    z.string().trim().max(2000, 'Text must be at most 2000 characters'),
    z.array(z.string().trim().min(1).max(100)).max(20),
    z.boolean(),
    z.null(),
  ]),
});
export type AttributeValueInput = z.infer<typeof AttributeValueInput>;

export const ProductDocument = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  /** the page's address (/products/<slug>); absent keeps the current one, or makes one from the name (decision 024) */
  slug: slugField,
  brandId: positiveId('Brand selection is required'),
  productTypeId: positiveId('Product type is required'),
  description: optionalText('Description', 5000),
  /** the spec's free-text fields, kept beside the typed spec */
  thickness: optionalText('Thickness', 100),
  color: optionalText('Color', 100),
  releaseDate: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    // the day must be real and the whole text a storable instant: "2026-01-01 nonsense" passed on its first ten characters
    .refine((value) => value === null || (isParsableDate(value.slice(0, 10)) && isStorableTime(Date.parse(value))), 'Release date must be a date'),
  isFeatured: flag('isFeatured').default(false),
  usapaStatus: z.enum(USAPA_STATUSES).default('not_stated'),
  usapaCheckedOn: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isParsableDate(value)), 'USA Pickleball check date must be a date (YYYY-MM-DD)'),
  /** a YouTube or Vimeo address (decision 068); absent keeps the product's video (the CSV has no column), null or blank removes it */
  videoUrl: z
    .string({ error: VIDEO_URL_MESSAGE })
    .trim()
    .max(500, VIDEO_URL_MESSAGE)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    .refine((value) => value == null || parseVideoUrl(value) !== null, VIDEO_URL_MESSAGE),
  images: z.array(GalleryImageInput).max(MAX_GALLERY_IMAGES, `At most ${MAX_GALLERY_IMAGES} images per product`).default([]),
  variants: z
    .array(VariantInput, { error: 'A product needs at least one variant' })
    .min(1, 'A product needs at least one variant')
    .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants per product`),
  attributes: z.array(AttributeValueInput).max(500).default([]),
});
export type ProductDocument = z.infer<typeof ProductDocument>;

/**
 * A product document as the server answers it (GET/PUT .../document): the document with its id and
 * its variants' ids, every optional field present. Plain types, no transforms, so responses encode.
 * Send it back (with `stockWas` set to each variant's stock as loaded) to save it unchanged.
 */
export const SavedVariant = z.object({
  id: z.number().int(),
  sku: z.string().nullable(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
  // present when the variant has one (decision 056: the feed's identifiers)
  gtin: z.string().optional(),
  mpn: z.string().optional(),
  // present when known (decision 051)
  costPrice: z.string().optional(),
  // present when known (decision 049): grams and millimetres
  weightGrams: z.number().int().optional(),
  lengthMm: z.number().int().optional(),
  widthMm: z.number().int().optional(),
  heightMm: z.number().int().optional(),
  stock: z.number().int(),
  options: z.record(z.string(), z.string()),
  image: z.number().int().nullable(),
});
export type SavedVariant = z.infer<typeof SavedVariant>;

export const SavedAttributeValue = z.object({
  key: z.string(),
  variant: z.number().int().optional(),
  value: z.union([z.number(), z.object({ min: z.number(), max: z.number() }), z.string(), z.array(z.string()), z.boolean(), z.null()]),
});
export type SavedAttributeValue = z.infer<typeof SavedAttributeValue>;

export const SavedProductDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** null only for a product from before brands were required */
  brandId: z.number().int().nullable(),
  productTypeId: z.number().int(),
  description: z.string().nullable(),
  thickness: z.string().nullable(),
  color: z.string().nullable(),
  releaseDate: z.string().nullable(),
  isFeatured: z.boolean(),
  usapaStatus: z.enum(USAPA_STATUSES),
  usapaCheckedOn: z.string().nullable(),
  /** the video's watch page (decision 068), whatever address the owner pasted */
  videoUrl: z.string().nullable().default(null),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  variants: z.array(SavedVariant),
  attributes: z.array(SavedAttributeValue),
});
export type SavedProductDocument = z.infer<typeof SavedProductDocument>;
