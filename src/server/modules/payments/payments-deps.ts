import type { Config } from '#server/config.ts';
import type { PaymentContext } from './payment-context.ts';

/** What the payments routes are handed by the composition root; each plugin takes the part it uses. */
export interface PaymentsDeps {
  payments: PaymentContext;
  /** the payment status check's rate limit, and the secret Stripe signs its webhooks with */
  config: Pick<Config, 'CHECKOUT_RATE_LIMIT' | 'STRIPE_WEBHOOK_SECRET'>;
}
