import { z } from 'zod';
import type { CarrierTracking } from '#server/modules/orders/order-service.ts';

// What of EasyPost's tracker events the shop reads (docs/decisions/057): the parcel's tracking code, its
// provider shipment and its status. Pre-transit, return and failure statuses move nothing.

const TrackerEvent = z.object({
  description: z.literal('tracker.updated'),
  result: z.object({
    tracking_code: z.string().min(1).max(100),
    status: z.string(),
    shipment_id: z.string().max(100).nullish(),
  }),
});

const MOVES: Record<string, CarrierTracking['status']> = {
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  available_for_pickup: 'in_transit',
  delivered: 'delivered',
};

/** The update a verified event carries, or null for any other event or a status that moves nothing. */
export function readTrackerEvent(event: unknown): CarrierTracking | null {
  const parsed = TrackerEvent.safeParse(event);
  if (!parsed.success) return null;
  const status = MOVES[parsed.data.result.status];
  if (!status) return null;
  return { carrierShipmentId: parsed.data.result.shipment_id ?? null, trackingCode: parsed.data.result.tracking_code, status };
}
