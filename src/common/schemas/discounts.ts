import { z } from 'zod';
import { positiveId } from './whole-number.ts';

// The cart's discounts as the server works them out (decision 058): the cart page and the checkout
// show each one with why and how much ("Balls 36+: 15 % off  −$4.05").

const PreviewItem = z
  .object({
    productId: positiveId('Product id must be a positive integer').optional(),
    variantId: positiveId('Variant id must be a positive integer').optional(),
    quantity: z
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(100, 'Quantity must be at most 100'),
  })
  .refine((item) => item.productId !== undefined || item.variantId !== undefined, {
    message: 'Product id must be a positive integer',
    path: ['productId'],
  });

export const DiscountPreviewInput = z.object({
  items: z.array(PreviewItem, { error: 'Your cart is empty.' }).min(1, 'Your cart is empty.').max(50, 'At most 50 lines per order'),
  couponCode: z.string().trim().max(50, 'Coupon code must be at most 50 characters').nullish(),
});
export type DiscountPreviewInput = z.infer<typeof DiscountPreviewInput>;

export const DiscountPreview = z.object({
  discounts: z.array(
    z.object({
      kind: z.enum(['code', 'automatic']),
      /** "Balls 36+: 15 % off" */
      label: z.string(),
      /** cents off the goods; 0 for free shipping, whose saving is the shipping */
      amountCents: z.number().int(),
      freeShipping: z.boolean(),
    }),
  ),
  /** every discount's cents on each line, by variant */
  lines: z.array(z.object({ variantId: z.number().int(), discountCents: z.number().int() })),
  discountCents: z.number().int(),
  freeShipping: z.boolean(),
});
export type DiscountPreview = z.infer<typeof DiscountPreview>;
