import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';

/** What the coupon routes are handed by the composition root; each plugin takes the part it uses. */
export interface CouponsDeps {
  db: Database;
  /** a code is checked under the checkout's rate limit */
  config: Pick<Config, 'CHECKOUT_RATE_LIMIT'>;
}
