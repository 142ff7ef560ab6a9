import type { OrderView } from '#common/schemas/orders.ts';
import { Badge, type BadgeVariant } from '#client/components/ui/badge.tsx';

const PAYMENT: Record<string, { text: string; variant: BadgeVariant }> = {
  succeeded: { text: 'Paid', variant: 'success' },
  partially_refunded: { text: 'Partially refunded', variant: 'warning' },
  refunded: { text: 'Refunded', variant: 'destructive' },
  pending: { text: 'Awaiting payment', variant: 'secondary' },
  failed: { text: 'Declined', variant: 'secondary' },
  cancelled: { text: 'Cancelled', variant: 'secondary' },
  expired: { text: 'Expired', variant: 'secondary' },
};

/** "Payment: Partially refunded": the money side of an order at a glance. */
export function PaymentBadge({ order }: { order: Pick<OrderView, 'paymentStatus'> }) {
  const shown = PAYMENT[order.paymentStatus] ?? { text: order.paymentStatus, variant: 'secondary' as const };
  return <Badge variant={shown.variant}>Payment: {shown.text}</Badge>;
}

/** A card dispute the owner must answer (or one already decided); nothing when there is none. */
export function DisputeBadge({ status }: { status: string | null }) {
  if (!status) return null;
  const open = status !== 'won' && status !== 'lost' && status !== 'warning_closed';
  return (
    <Badge variant={open ? 'destructive' : 'outline'} data-testid="dispute-badge">
      {open ? 'Disputed' : `Dispute ${status.replace('_', ' ')}`}
    </Badge>
  );
}
