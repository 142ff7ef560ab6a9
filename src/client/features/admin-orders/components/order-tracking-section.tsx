import { offersFulfilment } from '#common/order-fulfilment.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { TrackingForm } from './tracking-form.tsx';
import { TrackingInfo } from './tracking-info.tsx';
import type { OrderFulfilment } from './use-order-fulfilment.ts';

const askForNumber = () => toast({ title: 'Tracking number required', description: 'Please enter a tracking number', variant: 'destructive' });

/**
 * An order's tracking, and the one form that fits: shipping it (after choosing "shipped"),
 * adding the missing number to a shipped archived order, or editing it on an active order. A
 * checkout nobody paid, or a cancelled order, has nothing to ship, and a local pickup order (known
 * on the order page) is collected, never tracked: no form, no button.
 */
export function OrderTrackingSection({
  order,
  archived,
  fulfilment,
  pickup = false,
}: {
  order: OrderView;
  archived: boolean;
  fulfilment: OrderFulfilment;
  pickup?: boolean;
}) {
  // gift cards alone are e-mailed (decision 066): no parcel, so no tracking to add
  if (order.shipsNothing) return null;
  if (pickup || !offersFulfilment(order)) {
    return (
      <div className="grid grid-cols-1 gap-2">
        <TrackingInfo order={order} />
      </div>
    );
  }
  const showArchivedForm = archived && order.status === 'shipped' && !order.trackingNumber;
  return (
    <div className="grid grid-cols-1 gap-2">
      <TrackingInfo order={order} />
      {fulfilment.shipping ? (
        <TrackingForm
          orderId={order.id}
          initialNumber={order.trackingNumber}
          initialUrl={order.trackingUrl}
          withCarrier
          pending={fulfilment.shipPending}
          onSave={fulfilment.saveShipped}
          onMissingNumber={askForNumber}
          onCancel={fulfilment.cancelShipping}
        />
      ) : showArchivedForm ? (
        <TrackingForm
          orderId={order.id}
          pending={fulfilment.trackingPending}
          onSave={fulfilment.saveTrackingOnly}
          onMissingNumber={() => toast({ title: 'Tracking number is required', variant: 'destructive' })}
        />
      ) : !archived && fulfilment.editingTracking ? (
        <TrackingForm
          orderId={order.id}
          initialNumber={order.trackingNumber}
          initialUrl={order.trackingUrl}
          pending={fulfilment.trackingPending}
          onSave={fulfilment.saveTrackingOnly}
          onMissingNumber={askForNumber}
          onCancel={() => fulfilment.editTracking(false)}
        />
      ) : !archived ? (
        <div>
          <Button size="sm" variant="ghost" className="px-2" onClick={() => fulfilment.editTracking(true)}>
            {order.trackingNumber ? 'Edit tracking' : 'Add tracking'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
