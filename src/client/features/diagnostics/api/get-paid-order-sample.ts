import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaidPaymentSample } from '#common/schemas/diagnostics.ts';
import { getJson } from '#client/lib/api-client.ts';

const PAID_ORDER_SAMPLE_URL = '/api/order-confirmation-test/paid-order';

const getPaidOrderSample = (): Promise<PaidPaymentSample> => getJson<PaidPaymentSample>(PAID_ORDER_SAMPLE_URL);

/** Admins only: the newest paid order's payment id (its link opens that order's confirmation page). */
export function usePaidOrderSample(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: [PAID_ORDER_SAMPLE_URL], queryFn: getPaidOrderSample, enabled, staleTime: 0 }));
}
