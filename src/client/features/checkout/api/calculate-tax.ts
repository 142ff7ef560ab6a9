import type { TaxCalculateInput, TaxResult } from '#common/schemas/checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { addressKey, linesKey, taxLineItems, toShippingAddress, type AddressDraft, type CheckoutLine } from '../checkout-rules.ts';

const calculateTax = (input: TaxCalculateInput, signal?: AbortSignal): Promise<TaxResult> => apiRequest<TaxResult>('POST', '/api/tax/calculate', input, signal);

export interface TaxRequest {
  address: AddressDraft;
  lines: readonly CheckoutLine[];
  /** converted to dollars for the API's orderTotal */
  orderTotalCents: number;
  couponCode: string | null;
  /** the chosen method, whose shipping is taxed where the state taxes it; absent: the cheapest */
  shippingMethodId?: string | null;
}

/** Every tax result in the cache sits under this key. */
export const TAX_QUERY_ROOT = ['/api/tax/calculate'] as const;

/** A tax result belongs to one address, one set of lines and one coupon. */
export function taxQueryKey(request: TaxRequest) {
  return [...TAX_QUERY_ROOT, addressKey(request.address), linesKey(request.lines), request.couponCode ?? '', request.shippingMethodId ?? ''] as const;
}

/** orderTotal, toAddress and lineItems (the coupon lets the tax match checkout); the server takes the origin from its own contact address. */
export function fetchTax(request: TaxRequest, signal?: AbortSignal): Promise<TaxResult> {
  return calculateTax(
    {
      orderTotal: request.orderTotalCents / 100,
      toAddress: toShippingAddress(request.address),
      lineItems: taxLineItems(request.lines),
      couponCode: request.couponCode,
      ...(request.shippingMethodId ? { shippingMethodId: request.shippingMethodId } : {}),
    },
    signal,
  );
}
