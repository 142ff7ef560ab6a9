import { z } from 'zod';
import { USAPA_STATUSES } from './catalog-model.ts';
import { fromDecimalText } from './whole-number.ts';
import { decimalAmount, flag, imageUrlField, isIsoDateTime, isParsableDate, MAX_INT, optionalText, slugField } from './admin-fields.ts';

// Admin payloads for brands and products.

export const BrandInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: optionalText('Description', 2000),
  slug: slugField,
});
export type BrandInput = z.infer<typeof BrandInput>;

/** PATCH /api/brands/:id and /api/products/:id/featured. */
export const FeaturedInput = z.object({ isFeatured: flag('isFeatured') });
export type FeaturedInput = z.infer<typeof FeaturedInput>;

// ---------------------------------------------------------------- products

const productFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  price: decimalAmount('Price'),
  brandId: fromDecimalText(
    z
      .number({ error: 'Brand selection is required' })
      .int('Brand selection is required')
      .positive('Brand selection is required')
      .max(MAX_INT, 'Brand selection is required'),
  ),
  // a form's number input arrives as text
  stock: fromDecimalText(
    z
      .number({ error: 'Stock must be a whole number' })
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(MAX_INT, 'Stock is too large'),
  ),
  sku: optionalText('SKU', 100),
  description: optionalText('Description', 5000),
  thickness: optionalText('Thickness', 100),
  color: optionalText('Color', 100),
  imageUrl: imageUrlField('Image URL'),
  releaseDate: z
    .string({ error: 'Release date must be an ISO date-time' })
    .trim()
    .nullish()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value == null || isIsoDateTime(value), 'Release date must be an ISO date-time')
    .transform((value) => (value == null ? value : new Date(value).toISOString())),
  isFeatured: flag('isFeatured'),
  // absent on a new product: its type is guessed from its name (a "paddle bag" is a bag)
  productTypeId: fromDecimalText(
    z
      .number({ error: 'Product type is required' })
      .int('Product type is required')
      .positive('Product type is required')
      .max(MAX_INT, 'Product type is required'),
  ),
  usapaStatus: z.enum(USAPA_STATUSES, { error: `USA Pickleball status must be one of ${USAPA_STATUSES.join(', ')}` }),
  usapaCheckedOn: z
    .string({ error: 'USA Pickleball check date must be a date (YYYY-MM-DD)' })
    .trim()
    .nullish()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value == null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isParsableDate(value)), 'USA Pickleball check date must be a date (YYYY-MM-DD)'),
};

/** POST /api/products (multipart fields; the image file rides beside them). */
export const ProductInput = z.object({
  ...productFields,
  stock: productFields.stock.default(0),
  isFeatured: productFields.isFeatured.default(false),
  productTypeId: productFields.productTypeId.optional(),
  usapaStatus: productFields.usapaStatus.default('not_stated'),
});
export type ProductInput = z.infer<typeof ProductInput>;

/**
 * PATCH /api/products/:id: the same fields, each optional; an absent field stays as it is.
 * Checkouts move stock while a form is open, so a form that changes stock also sends `stockWas`,
 * the stock it loaded: the server applies the change only if stock is still that number (409
 * otherwise). A client sending `stock` alone sets it outright, as the API always allowed.
 */
export const ProductUpdateInput = z
  .object({
    ...productFields,
    stockWas: fromDecimalText(
      z
        .number({ error: 'stockWas must be a whole number' })
        .int('stockWas must be a whole number')
        .min(0, 'stockWas cannot be negative')
        .max(MAX_INT, 'stockWas is too large'),
    ),
  })
  .partial()
  .refine((input) => input.stockWas === undefined || input.stock !== undefined, {
    path: ['stockWas'],
    message: 'stockWas needs the new stock beside it',
  });
export type ProductUpdateInput = z.infer<typeof ProductUpdateInput>;
