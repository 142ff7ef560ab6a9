import { z } from 'zod';
import { CARRIERS } from '../carriers.ts';
import { TrackingInput } from './admin.ts';

/** POST /api/orders/:id/ship: the parcel left with this carrier; the tracking page is built for known carriers. */
export const ShipInput = TrackingInput.extend({
  carrier: z.enum(CARRIERS, { error: `Carrier must be one of ${CARRIERS.join(', ')}` }),
});
export type ShipInput = z.infer<typeof ShipInput>;
