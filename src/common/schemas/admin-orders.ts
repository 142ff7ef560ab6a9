import { z } from 'zod';
import { CARRIERS } from '../carriers.ts';
import { flag, isBlank, isHttpUrl } from './admin-fields.ts';
import { checkDateRange, dateRangeFields, DEFAULT_PAGE_SIZE, pageFields, searchText } from './admin-lists.ts';
import { ORDER_STATUSES } from './orders.ts';

/** Which orders a list shows: those that were paid, or checkouts that never were. */
const ORDER_KINDS = ['orders', 'unpaid'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * GET /api/orders/active and /archived: a page, optionally one status, disputed orders only, orders with
 * an open return, orders or unpaid checkouts only, a search
 * (order id, name or e-mail) and a range of order dates.
 */
export const OrderListQuery = z
  .object({
    ...pageFields(DEFAULT_PAGE_SIZE),
    status: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z.enum(ORDER_STATUSES, { error: 'status must be one of pending, processing, shipped, delivered, cancelled' }).optional(),
    ),
    q: searchText,
    // only orders whose charge the card holder disputed (open or closed)
    disputed: z.preprocess((value) => (isBlank(value) ? undefined : value), z.enum(['true'], { error: 'disputed must be true' }).optional()),
    // only orders with a return waiting for the owner: requested, approved, or received and not yet settled
    returns: z.preprocess((value) => (isBlank(value) ? undefined : value), z.enum(['open'], { error: 'returns must be open' }).optional()),
    // orders: only checkouts that were paid; unpaid: only those never paid (open, declined, expired,
    // cancelled before payment). Absent: both, as the original list answered (decision 047)
    kind: z.preprocess((value) => (isBlank(value) ? undefined : value), z.enum(ORDER_KINDS, { error: 'kind must be orders or unpaid' }).optional()),
    ...dateRangeFields,
  })
  .superRefine(checkDateRange);
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderStatusInput = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Status must be one of pending, processing, shipped, delivered, cancelled' }),
});
export type OrderStatusInput = z.infer<typeof OrderStatusInput>;

export const TrackingInput = z.object({
  trackingNumber: z
    .string({ error: 'Tracking number is required' })
    .trim()
    .min(1, 'Tracking number is required')
    .max(100, 'Tracking number must be at most 100 characters'),
  // trimmed, and omitted when empty
  trackingUrl: z
    .string({ error: 'Tracking URL must be an http(s) URL' })
    .trim()
    .max(1000, 'Tracking URL must be at most 1000 characters')
    .nullish()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isHttpUrl(value), 'Tracking URL must be an http(s) URL'),
});
export type TrackingInput = z.infer<typeof TrackingInput>;

export const ArchiveInput = z.object({ isArchived: flag('isArchived') });
export type ArchiveInput = z.infer<typeof ArchiveInput>;

/** POST /api/orders/:id/ship: the parcel left with this carrier; the tracking page is built for known carriers. */
export const ShipInput = TrackingInput.extend({
  carrier: z.enum(CARRIERS, { error: `Carrier must be one of ${CARRIERS.join(', ')}` }),
});
export type ShipInput = z.infer<typeof ShipInput>;
