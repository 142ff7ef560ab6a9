import { z } from 'zod';
import { CARRIERS } from '../carriers.ts';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

const OrderItemView = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  productName: z.string(),
  variantId: z.number().int().nullable(),
  /** the SKU and option values ("16 mm / 4 1/4 in") the line was sold as */
  sku: z.string().nullable(),
  variantName: z.string().nullable(),
  quantity: z.number().int(),
  price: z.string(),
  /** the line's share of the order's discount and of its tax, all units together, fixed when the order was placed */
  discountAllocated: z.string(),
  taxAllocated: z.string(),
  /** units of the line refunded so far */
  refundedQuantity: z.number().int(),
});

/** An order as the shopper and the admin lists see it (money as 2-decimal strings). */
export const OrderView = z.object({
  id: z.number().int(),
  /** what people see ("PB-7K3Q9D"); the id stays internal */
  orderNumber: z.string(),
  status: OrderStatus,
  paymentStatus: z.string(),
  createdAt: z.string(),
  subtotal: z.string(),
  total: z.string(),
  taxTotal: z.string(),
  shippingTotal: z.string(),
  /** the part of taxTotal charged on shipping ("0.00" where shipping is not taxed) */
  shippingTax: z.string(),
  discountTotal: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  /** gift cards alone, e-mailed by the shop: no address (decision 071) and nothing to ship */
  shipsNothing: z.boolean(),
  couponCode: z.string().nullable(),
  carrier: z.enum(CARRIERS).nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  trackingAddedAt: z.string().nullable(),
  isArchived: z.boolean(),
  /** money given back so far ("0.00" when none) */
  refundedTotal: z.string(),
  /** a card dispute: Stripe's status (needs_response, under_review, won, lost, ...), null when none */
  disputeStatus: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  items: z.array(OrderItemView),
});
export type OrderView = z.infer<typeof OrderView>;
