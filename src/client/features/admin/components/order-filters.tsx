import { ORDER_STATUSES, type OrderStatus } from '#common/schemas/orders.ts';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { ListSearch } from './list-search.tsx';

export interface OrderFilterValues {
  status?: OrderStatus;
  q?: string;
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** Finds an order among thousands: by order number, customer name or e-mail, and by status. */
export function OrderFilters({ value, onChange }: { value: OrderFilterValues; onChange: (next: OrderFilterValues) => void }) {
  return (
    <ListSearch label="Search orders" placeholder="Order #, name or e-mail" onSearch={(q) => onChange({ ...value, q: q || undefined })}>
      <div className="grid gap-1.5 sm:w-48">
        <Label htmlFor="admin-order-status-filter">Status</Label>
        <Select
          id="admin-order-status-filter"
          value={value.status ?? ''}
          onChange={(event) => onChange({ ...value, status: (event.target.value || undefined) as OrderStatus | undefined })}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </Select>
      </div>
    </ListSearch>
  );
}
