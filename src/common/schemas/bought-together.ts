import { z } from 'zod';
import { CatalogItem } from './catalog-listing.ts';

/** At most this many products beside the one on the page (decision 068): with it, a bundle of four. */
export const MAX_BOUGHT_TOGETHER = 3;

/** The variant an "Add" puts in the cart: the first in stock, as the product page opens it (as the cart's CartVariant). */
const BoughtTogetherVariant = z.object({
  id: z.number().int(),
  /** the option values, "16 mm / 4 1/4 in" */
  name: z.string(),
  sku: z.string().nullable(),
  price: z.string(),
  stock: z.number().int(),
  imageUrl: z.string().nullable(),
});

/**
 * One product offered beside the page's: its card, the variant "Add" buys (null for a product sold as one
 * variant, bought by its id alone) and why it is there: bought in the same paid orders, or, while that
 * history is thin, a bestseller of another product type.
 */
export const BoughtTogetherItem = CatalogItem.extend({
  variant: BoughtTogetherVariant.nullable(),
  reason: z.enum(['bought_together', 'bestseller']),
});
export type BoughtTogetherItem = z.infer<typeof BoughtTogetherItem>;
