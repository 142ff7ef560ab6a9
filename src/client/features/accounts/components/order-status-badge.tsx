import type { OrderStatus } from '#common/schemas/orders.ts';
import { Badge, type BadgeVariant } from '#client/components/ui/badge.tsx';

const variants: Record<OrderStatus, BadgeVariant> = {
  pending: 'warning',
  processing: 'default',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={variants[status] ?? 'secondary'} className="capitalize">
      {status}
    </Badge>
  );
}
