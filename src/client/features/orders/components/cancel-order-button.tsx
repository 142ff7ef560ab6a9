import { useState } from 'react';
import { formatPrice } from '#common/money.ts';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useCancelOrder } from '../api/customer-order.ts';

/** Cancel before shipping, after saying what happens: the whole amount goes back to the card. */
export function CancelOrderButton({ order, linkKey }: { order: CustomerOrderView; linkKey: string | null }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(order.orderNumber, linkKey);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel order #{order.orderNumber}?</DialogTitle>
          <DialogDescription>
            The order will not ship, and the full amount of {formatPrice(order.total)} goes back to your card. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
            Keep order
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel order'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
