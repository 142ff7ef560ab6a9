import type { Database } from '#server/db/client.ts';

/** What the Shipping tab's routes are handed by the composition root. */
export interface ShippingDeps {
  db: Database;
}
