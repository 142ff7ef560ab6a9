import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, RefundInput } from '#common/schemas/order-refunds.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';
import { adminOrderUrl } from './get-admin-order.ts';

/** The refund and the order page as it is afterwards; the same requestId refunds once. */
const refundOrder = ({ id, refund }: { id: number; refund: RefundInput }): Promise<AdminOrderDetail> =>
  apiRequest<AdminOrderDetail>('POST', `${adminOrderUrl(id)}/refunds`, refund);

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (detail) => queryClient.setQueryData([adminOrderUrl(detail.order.id)], detail),
    onSettled: () => invalidateOrders(queryClient),
  });
}
