import { z } from 'zod';
import { positiveId } from './whole-number.ts';
import { MAX_WISHLIST } from './wishlist-limit.ts';

// The wishlist (docs/decisions/062): a guest's in the browser, a signed-in shopper's on the account.

export { MAX_WISHLIST };

export const WishlistItem = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** "Black / 16 mm"; null for a product without options */
  variantName: z.string().nullable(),
  price: z.string(),
  stock: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type WishlistItem = z.infer<typeof WishlistItem>;

export const WishlistList = z.object({ items: z.array(WishlistItem) });
export type WishlistList = z.infer<typeof WishlistList>;

export const WishlistVariantParam = z.object({ variantId: positiveId('Variant id must be a positive integer') });

export const WishlistMergeInput = z.object({
  variantIds: z.array(positiveId('Variant ids must be positive integers')).max(MAX_WISHLIST, `At most ${MAX_WISHLIST} products at once`),
});

/** `?ids=3,17`: a guest's list, at most MAX_WISHLIST variant ids. */
export const WishlistItemsQuery = z.object({
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'ids must be variant ids separated by commas')
    .transform((text) => text.split(',').map(Number))
    .refine((ids) => ids.length <= MAX_WISHLIST && ids.every((id) => id <= 2_147_483_647), `At most ${MAX_WISHLIST} variant ids`),
});
