import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatusInput } from '#common/schemas/admin-orders.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';

const updateOrderStatus = ({ id, status }: { id: number } & OrderStatusInput): Promise<OrderView> =>
  apiRequest<OrderView>('PATCH', `/api/orders/${id}/status`, { status } satisfies OrderStatusInput);

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: () => toast({ title: 'Order status updated successfully' }),
    onError: (error: Error) => toast({ title: 'Failed to update order status', description: error.message, variant: 'destructive' }),
    onSettled: () => invalidateOrders(queryClient),
  });
}
