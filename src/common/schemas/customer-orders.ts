import { z } from 'zod';
import { CARRIERS } from '../carriers.ts';
import { OrderStatus } from './orders.ts';
import { ShipmentView } from './shipments.ts';

/** "PB-7K3Q9D": what an order is called wherever a person sees it. */
export const ORDER_NUMBER_PATTERN = /^PB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_LOOKUP_FAILED = 'We could not find an order with that number and e-mail address. Check both and try again.';
export const ORDER_LINK_INVALID = 'This order link is not valid. Look the order up again to get a new link.';
export const ORDER_LINK_EXPIRED = 'This order link has expired. Look the order up again to get a new link.';
export const ORDER_SIGN_IN_NEEDED = 'Sign in to see this order, or look it up with its number and e-mail address.';
export const TOO_MANY_LOOKUPS = 'Too many order lookups, please try again later';

const OrderNumber = z.string().regex(ORDER_NUMBER_PATTERN, 'Invalid order number');
/** A signed link's key: "<expiry>.<signature>" (see modules/orders/order-link-service.ts). */
const OrderKey = z.string().regex(/^\d{1,12}\.[\w-]{20,100}$/, 'Invalid order link');

export const OrderNumberParam = z.object({ orderNumber: OrderNumber });
export const OrderKeyQuery = z.object({ key: OrderKey.optional() });
export const CancelOrderBody = z.object({ key: OrderKey.optional() }).optional();

export const OrderLookupRequest = z.object({
  orderNumber: z.string({ error: 'Order number is required' }).trim().min(1, 'Order number is required').max(40, 'Invalid order number'),
  email: z.pipe(
    z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Please enter a valid email address'),
    z.transform((email) => email.toLowerCase()),
  ),
});
export type OrderLookupRequest = z.input<typeof OrderLookupRequest>;

export const OrderLookupResult = z.object({
  orderNumber: z.string(),
  /** the signed page address, relative to the shop ("/orders/PB-7K3Q9D?key=...") */
  link: z.string(),
  expiresAt: z.string(),
});
export type OrderLookupResult = z.infer<typeof OrderLookupResult>;

/** What the customer's timeline shows: the steps a shopper cares about, without who took them or why. */
const CUSTOMER_TIMELINE_EVENTS = [
  'placed',
  'paid',
  'payment_failed',
  'payment_expired',
  'cancelled',
  'refunded',
  'on_hold',
  'processing',
  'shipped',
  'delivered',
  'return_requested',
  'return_approved',
  'return_declined',
  'return_received',
  'store_credit',
] as const;

export const CustomerOrderView = z.object({
  orderNumber: z.string(),
  status: OrderStatus,
  paymentStatus: z.string(),
  createdAt: z.string(),
  subtotal: z.string(),
  total: z.string(),
  taxTotal: z.string(),
  shippingTotal: z.string(),
  discountTotal: z.string(),
  couponCode: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  /** gift cards alone, e-mailed by the shop: no address (decision 071) and no parcel to track */
  shipsNothing: z.boolean(),
  payment: z.object({
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    /** each gift card's part of the total, in the order applied (decision 071); empty when none paid */
    giftCards: z.array(z.object({ last4: z.string(), amount: z.string() })).default([]),
    /** the card payment's part when gift cards paid the rest ("0.00" when they paid it all); null when none did */
    cardAmount: z.string().nullable().default(null),
  }),
  shipping: z.object({
    carrier: z.enum(CARRIERS).nullable(),
    trackingNumber: z.string().nullable(),
    /** only an http(s) address */
    trackingUrl: z.string().nullable(),
  }),
  /** the parcels sent so far, each with its items and tracking (decision 050) */
  shipments: z.array(ShipmentView),
  items: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int().nullable(),
      /** the product page's slug while the product is on sale; null once it is gone (the line is not a link) */
      productSlug: z.string().nullable(),
      productName: z.string(),
      variantName: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      price: z.string(),
      imageUrl: z.string().nullable(),
      /** units of the line refunded so far */
      refundedQuantity: z.number().int(),
    }),
  ),
  /** money given back so far ("0.00" when none) */
  refundedTotal: z.string(),
  // a refund's entry carries its amount; nothing else of the shop's side (who, why, provider ids) shows
  timeline: z.array(z.object({ event: z.enum(CUSTOMER_TIMELINE_EVENTS), at: z.string(), amount: z.string().optional() })),
  actions: z.object({ cancel: z.boolean() }),
});
export type CustomerOrderView = z.infer<typeof CustomerOrderView>;
