import { US_STATE_CODES, type UsStateCode } from './constants.ts';
import type { ShippingAddress } from './schemas/checkout.ts';

/**
 * The shop's business address from its contact details ("street, city, state, zip"), the origin of
 * its sales tax; a street may itself hold commas ("1 Main St, Suite 2"). Null when it has fewer than
 * four parts or no US state, and then the tax provider's fallback origin applies.
 */
export function parseBusinessAddress(address: string | null | undefined): ShippingAddress | null {
  const parts = (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 4) return null;
  const state = parts.at(-2)!.toUpperCase();
  if (!(US_STATE_CODES as string[]).includes(state)) return null;
  return { street: parts.slice(0, -3).join(', '), city: parts.at(-3)!, state: state as UsStateCode, zip: parts.at(-1)!, country: 'US' };
}
