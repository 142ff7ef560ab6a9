import { useQuery } from '@tanstack/react-query';
import { isCanadianProvince, normalizeCanadianPostalCode, type ShippingCountry } from '#common/canadian-address.ts';
import { US_STATE_CODES } from '#common/constants.ts';
import type { ShippingRatesInput, ShippingRatesResult } from '#common/schemas/shipping.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { linesKey, paymentItems, type CheckoutLine } from '../checkout-rules.ts';

interface ShippingRatesRequest {
  /** the address's state as chosen; the owner's methods depend on it */
  state: string;
  /** absent: the US */
  country?: ShippingCountry;
  /** the ZIP as typed: a whole one lets the server price carrier-calculated methods (decision 057) */
  zip?: string;
  lines: readonly CheckoutLine[];
  couponCode: string | null;
}

const fetchShippingRates = (input: ShippingRatesInput, signal?: AbortSignal): Promise<ShippingRatesResult> =>
  apiRequest<ShippingRatesResult>('POST', '/api/shipping/rates', input, signal);

const isStateCode = (state: string): state is (typeof US_STATE_CODES)[number] => (US_STATE_CODES as readonly string[]).includes(state);

/** The destination as the server takes it, or null until a state (or province) is chosen. */
function destination(state: string, country: ShippingCountry, zip: string | undefined): ShippingRatesInput['toAddress'] | null {
  if (country === 'CA') {
    const postalCode = zip ? normalizeCanadianPostalCode(zip) : null;
    return isCanadianProvince(state) ? { state, country, ...(postalCode && { zip: postalCode }) } : null;
  }
  // only a whole ZIP is sent, so typing one does not ask for rates at every keystroke
  const wholeZip = zip && /^\d{5}(-\d{4})?$/.test(zip.trim()) ? zip.trim().slice(0, 5) : undefined;
  return isStateCode(state) ? { state, country, ...(wholeZip && { zip: wholeZip }) } : null;
}

/** The methods that take this cart to the chosen state, priced by the server (docs/decisions/049); none asked for until a state is chosen. */
export function useShippingRates({ state, country = 'US', zip, lines, couponCode }: ShippingRatesRequest) {
  const toAddress = destination(state, country, zip);
  return useQuery({
    queryKey: ['/api/shipping/rates', country, state, toAddress?.zip ?? '', linesKey(lines), couponCode ?? ''],
    queryFn: ({ signal }) => fetchShippingRates({ toAddress: toAddress!, items: paymentItems(lines), couponCode }, signal),
    enabled: toAddress !== null && lines.length > 0,
    // a failed read leaves the built-in Standard shipping on the page; the payment step is priced by the server anyway
    retry: false,
  });
}
