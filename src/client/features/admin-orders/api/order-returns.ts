import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReturnsView, ApproveReturnInput, ReceiveReturnInput, RejectReturnInput, SettleReturnInput } from '#common/schemas/order-returns.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';

const returnsUrl = (orderId: number) => `/api/orders/${orderId}/returns`;

export const adminReturnsQueryOptions = (orderId: number) =>
  queryOptions({ queryKey: [returnsUrl(orderId)], queryFn: () => getJson<AdminReturnsView>(returnsUrl(orderId)) });

type StepInput =
  | { step: 'approve'; body: ApproveReturnInput }
  | { step: 'reject'; body: RejectReturnInput }
  | { step: 'receive'; body: ReceiveReturnInput }
  | { step: 'refund' | 'credit'; body: SettleReturnInput };

/** One step of a return; the answer is the order's returns as they now stand, and the order page (timeline, refunds) is read again. */
export function useReturnStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, input }: { returnId: number; input: StepInput }) =>
      apiRequest<AdminReturnsView>('POST', `/api/returns/${returnId}/${input.step}`, input.body),
    onSuccess: (view) => queryClient.setQueryData([returnsUrl(view.orderId)], view),
    onSettled: () => invalidateOrders(queryClient),
  });
}
