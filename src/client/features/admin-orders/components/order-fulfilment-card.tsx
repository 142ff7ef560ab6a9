import { useState } from 'react';
import { EMAILED_ONLY_LINE } from '#common/emailed-orders.ts';
import { isUnpaidCheckout, offersFulfilment } from '#common/order-fulfilment.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import type { OrderFulfilmentView } from '#common/schemas/shipments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useFulfilOrder } from '../api/fulfil-order.ts';
import { useUpdateShipment } from '../api/update-shipment.ts';
import { FulfilDialog } from './fulfil-dialog.tsx';
import { OrderStatusControls } from './order-status-controls.tsx';
import { OrderTrackingSection } from './order-tracking-section.tsx';
import { ShipmentList } from './shipment-list.tsx';
import { unitsLeftToShip, type LineLeft } from './units-left.ts';
import { useOrderFulfilment } from './use-order-fulfilment.ts';

/**
 * The order page's fulfilment: the Fulfil action (a parcel of chosen lines, decision 050) or, for a
 * local pickup order, Ready for pickup; the parcels sent, each marked delivered (picked up) by hand;
 * and the list card's own status, ship and tracking controls, so both follow the same rules. A
 * checkout nobody paid says so instead of offering anything to ship.
 */
export function OrderFulfilmentCard({ order, fulfilment }: { order: OrderView; fulfilment: OrderFulfilmentView }) {
  const controls = useOrderFulfilment(order, order.isArchived, fulfilment.pickup);
  const fulfil = useFulfilOrder();
  const shipmentStep = useUpdateShipment();
  const [choosing, setChoosing] = useState<LineLeft[] | null>(null);
  // gift cards alone: the shop e-mails each card on its day (decision 066), so nothing is packed, labelled or tracked
  const emailed = order.shipsNothing;
  const open = offersFulfilment(order) && !emailed;
  const left = unitsLeftToShip(order, fulfilment.shipments);
  // a derived label, not a status: the order stays processing until its last unit ships (decision 050)
  const partly = open && left.length > 0 && fulfilment.shipments.length > 0;

  return (
    <Card data-testid="order-fulfilment">
      <CardHeader>
        <CardTitle>Fulfilment</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isUnpaidCheckout(order) ? (
          <p className="text-sm text-gray-700">
            {order.paymentStatus === 'pending'
              ? 'This checkout is waiting for its payment: there is nothing to ship yet.'
              : 'This checkout was never paid, so there is nothing to ship.'}
          </p>
        ) : null}
        {emailed && !isUnpaidCheckout(order) ? (
          <p className="text-sm text-gray-700" data-testid="emailed-only">
            Nothing to ship: {EMAILED_ONLY_LINE.charAt(0).toLowerCase() + EMAILED_ONLY_LINE.slice(1)}. The shop e-mails each card to its recipient on the day
            chosen for it; the order stays Processing and can be archived.
          </p>
        ) : null}
        {fulfilment.pickup ? <p className="text-sm font-medium text-gray-900">Local pickup: the customer collects this order at the shop.</p> : null}
        {partly ? (
          <p className="text-sm font-medium text-amber-800" role="status">
            Partially shipped: {left.reduce((sum, line) => sum + line.left, 0)} left to ship.
          </p>
        ) : null}
        {open && left.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {fulfilment.pickup ? (
              <Button
                disabled={shipmentStep.isPending}
                onClick={() =>
                  shipmentStep.mutate(
                    { id: order.id, step: 'ready-for-pickup' },
                    { onSuccess: () => toast({ title: 'Ready for pickup', description: `The customer of order #${order.orderNumber} was e-mailed.` }) },
                  )
                }
              >
                Ready for pickup
              </Button>
            ) : (
              <Button onClick={() => setChoosing(left)}>Fulfil</Button>
            )}
          </div>
        ) : null}
        <ShipmentList
          orderId={order.id}
          shipments={fulfilment.shipments}
          actionable={open}
          pending={shipmentStep.isPending}
          onDelivered={(shipmentId) => shipmentStep.mutate({ id: order.id, step: 'delivered', shipmentId })}
        />
        <OrderStatusControls order={order} archived={order.isArchived} fulfilment={controls} showLabel />
        <OrderTrackingSection order={order} archived={order.isArchived} fulfilment={controls} pickup={fulfilment.pickup} />
      </CardContent>
      <FulfilDialog
        orderNumber={order.orderNumber}
        lines={choosing}
        pending={fulfil.isPending}
        onClose={() => setChoosing(null)}
        label={{
          orderId: order.id,
          onBought: (detail) => {
            setChoosing(null);
            const shipped = detail.order.status === 'shipped';
            toast({ title: 'Label bought', description: `Order #${order.orderNumber} ${shipped ? 'is shipped.' : 'is partially shipped.'}` });
          },
        }}
        onShip={(shipment) =>
          fulfil.mutate(
            { id: order.id, shipment },
            {
              onSuccess: (detail) => {
                setChoosing(null);
                const shipped = detail.order.status === 'shipped';
                toast({ title: 'Items shipped', description: `Order #${order.orderNumber} ${shipped ? 'is shipped.' : 'is partially shipped.'}` });
              },
            },
          )
        }
      />
    </Card>
  );
}
