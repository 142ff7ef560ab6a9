import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentStatusResult } from '#common/schemas/checkout.ts';
import { getJson } from '#client/lib/api-client.ts';

const paymentStatusUrl = (paymentIntentId: string) => `/api/check-payment-status/${encodeURIComponent(paymentIntentId)}`;

const checkPaymentStatus = (paymentIntentId: string): Promise<PaymentStatusResult> => getJson<PaymentStatusResult>(paymentStatusUrl(paymentIntentId));

const paymentStatusQueryOptions = (paymentIntentId: string) =>
  queryOptions({
    queryKey: [paymentStatusUrl(paymentIntentId)],
    queryFn: () => checkPaymentStatus(paymentIntentId),
    // a payment's status changes: ask again on every visit of the confirmation page
    gcTime: 0,
  });

export function usePaymentStatus(paymentIntentId: string | null) {
  return useQuery({ ...paymentStatusQueryOptions(paymentIntentId ?? ''), enabled: Boolean(paymentIntentId) });
}
