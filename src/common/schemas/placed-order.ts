import { z } from 'zod';
import { OrderView } from './orders.ts';

const PlacedOrderItem = OrderView.shape.items.element.extend({
  /** the picture of the variant sold, else the product's; null when it has none (or the product is gone) */
  imageUrl: z.string().nullable(),
});

/**
 * GET /api/orders/by-payment-intent/:id, the confirmation page's order: the order view with each
 * line's picture, how it ships, and what the browser that placed it may do next.
 */
export const PlacedOrderView = OrderView.extend({
  items: z.array(PlacedOrderItem),
  shipping: z.object({
    method: z.string(),
    /** the first and last likely day of delivery, YYYY-MM-DD */
    estimate: z.object({ earliest: z.string(), latest: z.string() }),
  }),
  /**
   * The order page's address for this caller: plain for the signed-in owner, signed (?key=) for the
   * guest browser that placed it; null for anyone else holding only the payment id.
   */
  orderLink: z.string().nullable(),
  /** a paid guest order, opened from the browser that placed it by nobody signed in: it may become an account */
  accountOffer: z.boolean(),
  /**
   * how the total was paid when gift cards paid part or all of it (decision 071): each card's part, in the order
   * applied, and the card payment's part ("0.00" when the cards paid it all); null when no gift card paid
   */
  paidBy: z
    .object({
      giftCards: z.array(z.object({ last4: z.string(), amount: z.string() })),
      card: z.string(),
    })
    .nullable()
    .default(null),
});
export type PlacedOrderView = z.infer<typeof PlacedOrderView>;
