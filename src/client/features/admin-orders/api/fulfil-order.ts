import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { FulfilInput } from '#common/schemas/shipments.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';
import { adminOrderUrl } from './get-admin-order.ts';

/** One parcel of the order leaves (decision 050); answers the order page as it is afterwards. */
const fulfilOrder = ({ id, shipment }: { id: number; shipment: FulfilInput }): Promise<AdminOrderDetail> =>
  apiRequest<AdminOrderDetail>('POST', `${adminOrderUrl(id)}/shipments`, shipment);

export function useFulfilOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilOrder,
    onSuccess: (detail) => queryClient.setQueryData([adminOrderUrl(detail.order.id)], detail),
    onError: (error: Error) => toast({ title: 'Failed to ship the items', description: error.message, variant: 'destructive' }),
    onSettled: () => invalidateOrders(queryClient),
  });
}
