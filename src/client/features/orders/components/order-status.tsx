import { orderStatusWording } from '#common/order-status-wording.ts';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import { Badge } from '#client/components/ui/badge.tsx';

export function OrderStatus({ order }: { order: Pick<CustomerOrderView, 'status' | 'paymentStatus'> }) {
  const { text, tone } = orderStatusWording(order);
  return <Badge variant={tone}>{text}</Badge>;
}
