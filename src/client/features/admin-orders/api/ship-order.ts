import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ShipInput } from '#common/schemas/admin-orders.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';

/** Carrier, tracking and "shipped" in one call: the server records them together and e-mails the customer once. */
const shipOrder = ({ id, shipment }: { id: number; shipment: z.input<typeof ShipInput> }): Promise<OrderView> =>
  apiRequest<OrderView>('POST', `/api/orders/${id}/ship`, shipment);

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onError: (error: Error) => toast({ title: 'Failed to update tracking information', description: error.message, variant: 'destructive' }),
    onSettled: () => invalidateOrders(queryClient),
  });
}
