import { isUnpaidCheckout } from '#common/order-fulfilment.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { OrderStatusControls } from './order-status-controls.tsx';
import { OrderTrackingSection } from './order-tracking-section.tsx';
import { useOrderFulfilment } from './use-order-fulfilment.ts';

/**
 * The order page's status, ship and tracking controls: the list card's own, so both follow the same
 * rules (a tracking number ships a processing order, delivered only after shipped). A checkout nobody
 * paid says so instead of offering anything to ship.
 */
export function OrderFulfilmentCard({ order }: { order: OrderView }) {
  const fulfilment = useOrderFulfilment(order, order.isArchived);
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
        <OrderStatusControls order={order} archived={order.isArchived} fulfilment={fulfilment} showLabel />
        <OrderTrackingSection order={order} archived={order.isArchived} fulfilment={fulfilment} />
      </CardContent>
    </Card>
  );
}
