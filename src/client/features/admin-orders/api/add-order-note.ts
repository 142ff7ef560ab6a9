import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { adminOrderUrl } from './get-admin-order.ts';

/** A private note on the order's timeline; answers the order page as it is afterwards. */
const addOrderNote = ({ id, note }: { id: number; note: string }): Promise<AdminOrderDetail> =>
  apiRequest<AdminOrderDetail>('POST', `${adminOrderUrl(id)}/notes`, { note });

export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    onSuccess: (detail) => queryClient.setQueryData([adminOrderUrl(detail.order.id)], detail),
  });
}
