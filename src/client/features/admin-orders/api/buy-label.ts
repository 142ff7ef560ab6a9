import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { CarrierStatus } from '#common/schemas/shipping.ts';
import type { BuyLabelInput, LabelRates } from '#common/schemas/shipments.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';
import { adminOrderUrl } from './get-admin-order.ts';

// "Buy label" in the Fulfil dialog (decision 057): the carrier's rates for the chosen lines' parcel,
// then one rate's label, which ships those lines like any parcel.

type Lines = BuyLabelInput['lines'];

const CARRIER_URL = '/api/admin/shipping/carrier';

/** Whether the carrier API is configured; a staff member who may not read the settings gets no answer, and the dialog tries anyway. */
export function useCarrierStatus() {
  return useQuery({ queryKey: [CARRIER_URL], queryFn: () => getJson<CarrierStatus>(CARRIER_URL), staleTime: 5 * 60_000, retry: false });
}

export function useLabelRates() {
  return useMutation({
    // without a box: the server picks the smallest the lines fit (decision 069)
    mutationFn: ({ id, lines, boxId }: { id: number; lines: Lines; boxId?: number }) =>
      apiRequest<LabelRates>('POST', `${adminOrderUrl(id)}/shipments/label-rates`, { lines, ...(boxId !== undefined && { boxId }) }),
  });
}

export function useBuyLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label }: { id: number; label: BuyLabelInput }) => apiRequest<AdminOrderDetail>('POST', `${adminOrderUrl(id)}/shipments/label`, label),
    onSuccess: (detail) => queryClient.setQueryData([adminOrderUrl(detail.order.id)], detail),
    onSettled: () => invalidateOrders(queryClient),
  });
}
