// The shipping module's front door: checkout prices a cart's shipping with these (docs/decisions/049),
// the carrier-calculated methods with live rates (docs/decisions/057).
export { readShippingProfile } from './shipping-profile.ts';
export { chooseShippingOption, shippingOptionsFor } from './shipping-rates.ts';
export { createCarrierRates, type CarrierRates } from './carrier-rates.ts';
export { createCarrierClient, type CarrierClient } from './carrier-client.ts';
