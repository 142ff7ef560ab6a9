import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { PaymentContext } from '#server/modules/payments/payment-service.ts';
import type { CarrierRates } from '#server/modules/shipping/shipping-service.ts';
import type { TaxService } from '#server/modules/tax/tax-service.ts';
import type { CheckoutSettingsReader } from './checkout-service.ts';

/** What the checkout routes are handed by the composition root; each plugin takes the part it uses. */
export interface CheckoutRouteDeps {
  db: Database;
  /** the quotas, and the shop's address (whether the guest's order claim cookie is Secure, as the session's) */
  config: Pick<Config, 'CHECKOUT_RATE_LIMIT' | 'CHECKOUT_OPEN_ORDERS_LIMIT' | 'CHECKOUT_OPEN_UNITS_LIMIT' | 'CHECKOUT_NETWORK_UNITS_LIMIT' | 'PUBLIC_URL'>;
  payments: PaymentContext;
  tax: TaxService;
  /** the owner's settings checkout prices with, cached by the composition root and emptied on change */
  checkoutSettings: CheckoutSettingsReader;
  /** live prices of the owner's carrier-calculated methods (decision 057) */
  carrierRates: CarrierRates;
}
