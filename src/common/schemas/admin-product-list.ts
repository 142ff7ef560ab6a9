import { z } from 'zod';
import { Product } from './catalog.ts';
import { DEFAULT_PAGE_SIZE, pageFields, searchText } from './admin-lists.ts';
import { isBlank } from './admin-fields.ts';
import { positiveId } from './whole-number.ts';

// The admin's products list: a page of products matching a search and filters, newest first.

const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());

const STOCK_FILTERS = ['in', 'out'] as const;

/** GET /api/admin/products */
export const AdminProductListQuery = z.object({
  ...pageFields(DEFAULT_PAGE_SIZE),
  /** name or SKU (any variant's) */
  q: searchText,
  typeId: blankIsAbsent(positiveId('typeId must be a positive integer')),
  brandId: blankIsAbsent(positiveId('brandId must be a positive integer')),
  stock: blankIsAbsent(z.enum(STOCK_FILTERS, { error: 'stock must be in or out' })),
  featured: blankIsAbsent(z.enum(['true', 'false'], { error: 'featured must be true or false' }).transform((value) => value === 'true')),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuery>;

export const AdminProductRow = Product.extend({
  productTypeName: z.string(),
  variantCount: z.number().int(),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

/** POST /api/admin/images: where an uploaded gallery image is stored. */
export const UploadedImage = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof UploadedImage>;

export const UploadImageFields = z.object({
  /** names the stored file ("aurora-pro-3f2a....webp"), never shown */
  name: z.string().trim().max(200).optional(),
});
