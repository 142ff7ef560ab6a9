import { ORDER_STATUSES, type OrderStatus, type OrderView } from '#common/schemas/orders.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useSetOrderArchived } from '../api/set-order-archived.ts';
import type { OrderFulfilment } from './use-order-fulfilment.ts';

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The status selector and the archive (or unarchive) button in an order card's header. */
export function OrderStatusControls({ order, archived, fulfilment }: { order: OrderView; archived: boolean; fulfilment: OrderFulfilment }) {
  const archive = useSetOrderArchived();
  const selectId = `order-status-${order.id}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={selectId} className="sr-only">
        Status of order {order.id}
      </Label>
      <Select
        id={selectId}
        className="w-40"
        value={fulfilment.selectedStatus}
        disabled={fulfilment.statusPending}
        onChange={(event) => fulfilment.chooseStatus(event.target.value as OrderStatus)}
      >
        {ORDER_STATUSES.map((value) => (
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
    </div>
  );
}
