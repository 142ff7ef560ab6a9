import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TrackingInput } from '#common/schemas/admin-orders.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';

/** The JSON body: the URL may be absent. */
type TrackingPayload = z.input<typeof TrackingInput>;

/** Both values trimmed; the URL is left out when empty. */
export function trackingPayload(trackingNumber: string, trackingUrl: string): TrackingPayload {
  const url = trackingUrl.trim();
  return url ? { trackingNumber: trackingNumber.trim(), trackingUrl: url } : { trackingNumber: trackingNumber.trim() };
}

const updateOrderTracking = ({ id, tracking }: { id: number; tracking: TrackingPayload }): Promise<OrderView> =>
  apiRequest<OrderView>('PATCH', `/api/orders/${id}/tracking`, tracking);

export function useUpdateOrderTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderTracking,
    onError: (error: Error) => toast({ title: 'Failed to update tracking information', description: error.message, variant: 'destructive' }),
    onSettled: () => invalidateOrders(queryClient),
  });
}
