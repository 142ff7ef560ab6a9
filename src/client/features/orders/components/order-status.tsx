import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import { Badge, type BadgeVariant } from '#client/components/ui/badge.tsx';

/** The one word a shopper needs: unpaid orders read by their payment, paid ones by their parcel. */
function statusText(order: Pick<CustomerOrderView, 'status' | 'paymentStatus'>): { text: string; variant: BadgeVariant } {
  if (order.paymentStatus === 'pending') return { text: 'Awaiting payment', variant: 'warning' };
  if (order.paymentStatus === 'refunded') return { text: order.status === 'cancelled' ? 'Cancelled and refunded' : 'Refunded', variant: 'destructive' };
  if (order.paymentStatus === 'partially_refunded' && order.status !== 'cancelled') {
    const shipped = order.status === 'shipped' || order.status === 'delivered';
    return { text: shipped ? `${order.status === 'shipped' ? 'Shipped' : 'Delivered'}, partly refunded` : 'Partly refunded', variant: 'warning' };
  }
  if (order.status === 'cancelled') return { text: 'Cancelled', variant: 'destructive' };
  const byStatus: Record<string, { text: string; variant: BadgeVariant }> = {
    pending: { text: 'On hold', variant: 'warning' },
    processing: { text: 'Being prepared', variant: 'default' },
    shipped: { text: 'Shipped', variant: 'secondary' },
    delivered: { text: 'Delivered', variant: 'success' },
  };
  return byStatus[order.status] ?? { text: order.status, variant: 'secondary' };
}

export function OrderStatus({ order }: { order: Pick<CustomerOrderView, 'status' | 'paymentStatus'> }) {
  const { text, variant } = statusText(order);
  return <Badge variant={variant}>{text}</Badge>;
}
