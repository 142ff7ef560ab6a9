import { useQuery } from '@tanstack/react-query';
import { US_STATE_CODES } from '#common/constants.ts';
import type { ShippingRatesInput, ShippingRatesResult } from '#common/schemas/shipping.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { linesKey, paymentItems, type CheckoutLine } from '../checkout-rules.ts';

interface ShippingRatesRequest {
  /** the address's state as chosen; methods depend on it alone */
  state: string;
  lines: readonly CheckoutLine[];
  couponCode: string | null;
}

const fetchShippingRates = (input: ShippingRatesInput, signal?: AbortSignal): Promise<ShippingRatesResult> =>
  apiRequest<ShippingRatesResult>('POST', '/api/shipping/rates', input, signal);

const isStateCode = (state: string): state is (typeof US_STATE_CODES)[number] => (US_STATE_CODES as readonly string[]).includes(state);

/** The methods that take this cart to the chosen state, priced by the server (docs/decisions/049); none asked for until a state is chosen. */
export function useShippingRates({ state, lines, couponCode }: ShippingRatesRequest) {
  return useQuery({
    queryKey: ['/api/shipping/rates', state, linesKey(lines), couponCode ?? ''],
    queryFn: ({ signal }) =>
      fetchShippingRates({ toAddress: { state: state as (typeof US_STATE_CODES)[number], country: 'US' }, items: paymentItems(lines), couponCode }, signal),
    enabled: isStateCode(state) && lines.length > 0,
    // a failed read leaves the built-in Standard shipping on the page; the payment step is priced by the server anyway
    retry: false,
  });
}
