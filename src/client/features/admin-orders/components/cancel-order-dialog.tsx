import { formatCents, toCents } from '#common/money.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

type Cancellable = Pick<OrderView, 'status' | 'paymentStatus' | 'total' | 'refundedTotal'>;

/**
 * What cancelling this order gives back to the card: a paid order not yet shipped is refunded the rest of its
 * total (the server's cancel claims total less what was refunded already); 0 when no money would move.
 */
export function cancelRefundCents(order: Cancellable): number {
  const paid = order.paymentStatus === 'succeeded' || order.paymentStatus === 'partially_refunded';
  const open = order.status === 'pending' || order.status === 'processing';
  if (!paid || !open) return 0;
  const left = toCents(order.total) - toCents(order.refundedTotal);
  return Number.isFinite(left) && left > 0 ? left : 0;
}

interface CancelOrderDialogProps {
  order: Pick<OrderView, 'orderNumber'>;
  /** the refund the cancel makes; the dialog is open while it is set */
  refundCents: number | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Choosing "Cancelled" for a paid order refunds it: the owner sees the amount before it goes. */
export function CancelOrderDialog({ order, refundCents, onConfirm, onCancel }: CancelOrderDialogProps) {
  const amount = formatCents(refundCents ?? 0);
  return (
    <Dialog open={refundCents !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Cancel order #{order.orderNumber} and refund {amount}?
          </DialogTitle>
          <DialogDescription>
            {amount} goes back to the customer’s card, the items go back in stock, and the customer is e-mailed. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Keep the order
          </Button>
          <Button variant="destructive" onClick={onConfirm}>
            Cancel and refund {amount}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
