import { useState } from 'react';
import type { Carrier } from '#common/carriers.ts';
import type { OrderStatus, OrderView } from '#common/schemas/orders.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { useShipOrder } from '../api/ship-order.ts';
import { trackingPayload, useUpdateOrderTracking } from '../api/update-order-tracking.ts';
import { cancelRefundCents } from './cancel-order-dialog.tsx';

/**
 * Status and tracking changes of one order card.
 * Active list: choosing "shipped" opens the tracking form and nothing is sent until Save.
 * Archived list: status changes go at once, and so does "shipped" for a local pickup order (ready
 * at the shop: no carrier, no tracking).
 */
export function useOrderFulfilment(order: OrderView, archived: boolean, pickup = false) {
  const status = useUpdateOrderStatus();
  const tracking = useUpdateOrderTracking();
  const ship = useShipOrder();
  const [shipping, setShipping] = useState(false);
  const [editingTracking, setEditingTracking] = useState(false);
  // a cancel that refunds waits here for the owner to confirm the amount
  const [cancelRefund, setCancelRefund] = useState<number | null>(null);

  function chooseStatus(next: OrderStatus) {
    if (next === order.status) {
      setShipping(false);
      return;
    }
    if (next === 'shipped' && !archived && !pickup) {
      setShipping(true);
      return;
    }
    setShipping(false);
    if (next === 'cancelled' && cancelRefundCents(order) > 0) {
      setCancelRefund(cancelRefundCents(order));
      return;
    }
    status.mutate({ id: order.id, status: next });
  }

  async function saveShipped(trackingNumber: string, trackingUrl: string, carrier: Carrier) {
    try {
      await ship.mutateAsync({ id: order.id, shipment: { carrier, ...trackingPayload(trackingNumber, trackingUrl) } });
      setShipping(false);
      setEditingTracking(false);
      toast({ title: 'Tracking information updated successfully', description: `Order #${order.orderNumber} is shipped.` });
    } catch {
      // the failing hook has shown its toast
    }
  }

  async function saveTrackingOnly(trackingNumber: string, trackingUrl: string) {
    try {
      const saved = await tracking.mutateAsync({ id: order.id, tracking: trackingPayload(trackingNumber, trackingUrl) });
      setEditingTracking(false);
      // a processing order ships by its tracking number (the server's rule): say so
      const shipped = saved.status === 'shipped' && order.status !== 'shipped';
      toast({ title: 'Tracking information updated successfully', description: `Order #${order.orderNumber}${shipped ? ' is shipped.' : ''}` });
    } catch {
      // the hook has shown "Failed to update tracking information"
    }
  }

  return {
    /** what the status selector shows: "shipped" while its tracking form is open */
    selectedStatus: shipping ? 'shipped' : order.status,
    statusPending: status.isPending,
    trackingPending: tracking.isPending,
    shipPending: ship.isPending,
    shipping,
    editingTracking,
    chooseStatus,
    saveShipped,
    saveTrackingOnly,
    cancelShipping: () => setShipping(false),
    /** the refund a chosen cancel would make, while it waits for confirmation */
    cancelRefund,
    confirmCancel: () => {
      setCancelRefund(null);
      status.mutate({ id: order.id, status: 'cancelled' });
    },
    keepOrder: () => setCancelRefund(null),
    editTracking: (editing: boolean) => setEditingTracking(editing),
  };
}

export type OrderFulfilment = ReturnType<typeof useOrderFulfilment>;
