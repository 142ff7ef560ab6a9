import { nextOrderStatuses } from '#common/order-fulfilment.ts';
import type { OrderStatus, OrderView } from '#common/schemas/orders.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useSetOrderArchived } from '../api/set-order-archived.ts';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import type { OrderFulfilment } from './use-order-fulfilment.ts';

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

interface OrderStatusControlsProps {
  order: OrderView;
  archived: boolean;
  fulfilment: OrderFulfilment;
  /** the order page shows "Status" above the selector; a card's header has no room for it */
  showLabel?: boolean;
}

/**
 * The status selector and the archive (or unarchive) button of an order. The selector offers only
 * the moves the server takes (never processing -> delivered); a closed order's shows its status alone.
 */
export function OrderStatusControls({ order, archived, fulfilment, showLabel = false }: OrderStatusControlsProps) {
  const archive = useSetOrderArchived();
  const selectId = `order-status-${order.id}`;
  // gift cards alone are e-mailed, never shipped (decision 066): only cancelling or holding is offered for them
  const choices = nextOrderStatuses(order).filter((next) => next === order.status || !order.shipsNothing || (next !== 'shipped' && next !== 'delivered'));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={selectId} className={showLabel ? 'w-full' : 'sr-only'}>
        {showLabel ? 'Status' : `Status of order ${order.id}`}
      </Label>
      <Select
        id={selectId}
        className="w-40"
        value={fulfilment.selectedStatus}
        disabled={fulfilment.statusPending || choices.length === 1}
        onChange={(event) => fulfilment.chooseStatus(event.target.value as OrderStatus)}
      >
        {choices.map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </Select>
      {archived ? (
        <Button size="sm" variant="outline" disabled={archive.isPending} onClick={() => archive.mutate({ id: order.id, isArchived: false })}>
          Move to Active Orders
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={archive.isPending} onClick={() => archive.mutate({ id: order.id, isArchived: true })}>
          Archive
        </Button>
      )}
      <CancelOrderDialog order={order} refundCents={fulfilment.cancelRefund} onConfirm={fulfilment.confirmCancel} onCancel={fulfilment.keepOrder} />
    </div>
  );
}
