import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArchiveInput } from '#common/schemas/admin-orders.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';

const setOrderArchived = ({ id, isArchived }: { id: number } & ArchiveInput): Promise<OrderView> =>
  apiRequest<OrderView>('PATCH', `/api/orders/${id}/archive`, { isArchived } satisfies ArchiveInput);

export function useSetOrderArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderArchived,
    onSuccess: (order) =>
      toast(
        order.isArchived
          ? { title: 'Order archived', description: `Order #${order.orderNumber} moved to archived orders.` }
          : { title: 'Order moved back to active orders', description: `Order #${order.orderNumber}` },
      ),
    onError: (error: Error, { isArchived }) =>
      toast({ title: isArchived ? 'Failed to archive order' : 'Failed to unarchive order', description: error.message, variant: 'destructive' }),
    onSettled: () => invalidateOrders(queryClient),
  });
}
