// The shipping module's front door: checkout prices a cart's shipping with these (docs/decisions/049).
export { readShippingProfile } from './shipping-profile.ts';
export { chooseShippingOption, shippingOptionsFor } from './shipping-rates.ts';
