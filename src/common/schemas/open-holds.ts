import { z } from 'zod';

// The owner's view of open holds: unpaid orders holding stock until they are paid, closed or expire.

/** The list shows the newest holds first, this many at most; `total` counts them all. */
export const OPEN_HOLDS_SHOWN = 200;

const OpenHoldLine = z.object({
  productName: z.string(),
  /** "16 mm / 4 1/4 in"; null for a product without options */
  variantName: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
});

export const OpenHold = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string(),
  /** what the quotas count the order under: an IPv4 address or an IPv6 /64 (null: not recorded) */
  clientAddress: z.string().nullable(),
  /** its network, an IPv4 /24 or IPv6 /48; null when the address is no IP */
  clientNetwork: z.string().nullable(),
  /** units all open holds of that network hold (the network quota's count) */
  networkUnits: z.number().int(),
  units: z.number().int(),
  /** in cents */
  total: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lines: z.array(OpenHoldLine),
});
export type OpenHold = z.infer<typeof OpenHold>;

export const OpenHolds = z.object({
  holds: z.array(OpenHold),
  /** every open hold, also those past OPEN_HOLDS_SHOWN */
  total: z.number().int(),
  /** units all open holds hold */
  units: z.number().int(),
});
export type OpenHolds = z.infer<typeof OpenHolds>;

/** POST /api/admin/open-holds/:id/release: the order closed, its stock and coupon use back on sale. */
export const ReleasedHold = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  units: z.number().int(),
});
export type ReleasedHold = z.infer<typeof ReleasedHold>;
