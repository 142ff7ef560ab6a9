import { Link } from 'wouter';
import type { OrderView } from '#common/schemas/orders.ts';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { DisputeBadge, PaymentBadge } from './order-badges.tsx';
import { OrderDetails } from './order-details.tsx';
import { OrderStatusControls } from './order-status-controls.tsx';
import { OrderTrackingSection } from './order-tracking-section.tsx';
import { useOrderFulfilment } from './use-order-fulfilment.ts';

interface OrderCardProps {
  order: OrderView;
  archived: boolean;
  /** chosen for the pick list and packing slips */
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

/** One order with its status selector, tracking entry and archive action, and its box for printing. */
export function OrderCard({ order, archived, selected, onSelect }: OrderCardProps) {
  const fulfilment = useOrderFulfilment(order, archived);
  return (
    <Card data-testid={`order-card-${order.id}`}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 border-b border-gray-100 pb-4">
        <div className="flex flex-wrap items-center gap-2">
          <Checkbox
            checked={selected}
            onCheckedChange={(checked) => onSelect(checked === true)}
            aria-label={`Choose order #${order.orderNumber} for printing`}
          />
          <h3 className="text-lg font-semibold text-gray-900">Order #{order.orderNumber}</h3>
          <PaymentBadge order={order} />
          <DisputeBadge status={order.disputeStatus} />
          <Link href={`/admin/orders/${order.id}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Open order<span className="sr-only"> #{order.orderNumber}</span>
          </Link>
        </div>
        <OrderStatusControls order={order} archived={archived} fulfilment={fulfilment} />
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 pt-4 sm:pt-4">
        <OrderDetails order={order} />
        <OrderTrackingSection order={order} archived={archived} fulfilment={fulfilment} />
      </CardContent>
    </Card>
  );
}
