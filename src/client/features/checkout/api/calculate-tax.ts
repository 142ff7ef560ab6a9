import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxCalculateInput, TaxResult } from '#common/schemas/checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { taxLineItems, toShippingAddress, type AddressDraft, type CheckoutLine } from '../checkout-rules.ts';
import { getBusinessAddress } from './get-business-address.ts';

export const calculateTax = (input: TaxCalculateInput): Promise<TaxResult> => apiRequest<TaxResult>('POST', '/api/tax/calculate', input);

export interface TaxRequest {
  address: AddressDraft;
  lines: readonly CheckoutLine[];
  /** dollars, as spec §7's orderTotal */
  orderTotalCents: number;
  couponCode: string | null;
}

/** spec/storefront.md §7: orderTotal, fromAddress, toAddress and lineItems (the coupon lets the tax match checkout). */
export function useCalculateTax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TaxRequest) => {
      const fromAddress = await getBusinessAddress(queryClient);
      return calculateTax({
        orderTotal: request.orderTotalCents / 100,
        ...(fromAddress ? { fromAddress } : {}),
        toAddress: toShippingAddress(request.address),
        lineItems: taxLineItems(request.lines),
        couponCode: request.couponCode,
      });
    },
  });
}
