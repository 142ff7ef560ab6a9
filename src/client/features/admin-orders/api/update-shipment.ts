import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateOrders } from '#client/lib/admin-cache.ts';
import { adminOrderUrl } from './get-admin-order.ts';

/** A parcel arrived or a pickup was collected; or a pickup order is ready: what the order page's shipment buttons send. */
type ShipmentStep = { id: number; step: 'ready-for-pickup' } | { id: number; step: 'delivered'; shipmentId: number };

const updateShipment = (change: ShipmentStep): Promise<AdminOrderDetail> =>
  apiRequest<AdminOrderDetail>(
    'POST',
    change.step === 'ready-for-pickup'
      ? `${adminOrderUrl(change.id)}/shipments/pickup`
      : `${adminOrderUrl(change.id)}/shipments/${change.shipmentId}/delivered`,
  );

export function useUpdateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShipment,
    onSuccess: (detail) => queryClient.setQueryData([adminOrderUrl(detail.order.id)], detail),
    onError: (error: Error) => toast({ title: 'Failed to update the shipment', description: error.message, variant: 'destructive' }),
    onSettled: () => invalidateOrders(queryClient),
  });
}
