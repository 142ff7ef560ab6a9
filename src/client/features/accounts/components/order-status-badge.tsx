import { orderStatusWording } from '#common/order-status-wording.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { Badge } from '#client/components/ui/badge.tsx';

/** The profile's order history reads each order in the same words as its own page. */
export function OrderStatusBadge({ order }: { order: Pick<OrderView, 'status' | 'paymentStatus'> }) {
  const { text, tone } = orderStatusWording(order);
  return <Badge variant={tone}>{text}</Badge>;
}
