import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlacedOrderView } from '#common/schemas/placed-order.ts';
import { getJson } from '#client/lib/api-client.ts';

const orderByPaymentIntentUrl = (paymentIntentId: string) => `/api/orders/by-payment-intent/${encodeURIComponent(paymentIntentId)}`;

/** Failure text "Failed to fetch order details". */
async function getOrderByPaymentIntent(paymentIntentId: string): Promise<PlacedOrderView> {
  try {
    return await getJson<PlacedOrderView>(orderByPaymentIntentUrl(paymentIntentId));
  } catch (error) {
    throw new Error('Failed to fetch order details', { cause: error });
  }
}

const orderByPaymentIntentQueryOptions = (paymentIntentId: string) =>
  queryOptions({
    queryKey: [orderByPaymentIntentUrl(paymentIntentId)],
    queryFn: () => getOrderByPaymentIntent(paymentIntentId),
    gcTime: 0,
  });

export function useOrderByPaymentIntent(paymentIntentId: string | null, enabled: boolean) {
  return useQuery({ ...orderByPaymentIntentQueryOptions(paymentIntentId ?? ''), enabled: enabled && Boolean(paymentIntentId) });
}
