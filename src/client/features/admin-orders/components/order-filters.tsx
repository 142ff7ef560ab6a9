import { ORDER_STATUSES, type OrderStatus } from '#common/schemas/orders.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { DateRangeFields } from '#client/components/admin/date-range-fields.tsx';
import { isDateText } from '#client/lib/date-range.ts';
import { ListSearch } from '#client/components/admin/list-search.tsx';

// kind: absent shows the orders (checkouts that were paid); "unpaid" the checkouts nobody paid, "all" both
export const ORDER_FILTER_KEYS = ['q', 'kind', 'status', 'disputed', 'returns', 'from', 'to'] as const;
type OrderFilterValues = Partial<Record<(typeof ORDER_FILTER_KEYS)[number], string>>;

const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/** What the URL may hold for the order list: a known status, real days, any search text. */
export function acceptOrderFilter(key: (typeof ORDER_FILTER_KEYS)[number], value: string): boolean {
  if (key === 'status') return isOrderStatus(value);
  if (key === 'kind') return value === 'unpaid' || value === 'all';
  if (key === 'disputed') return value === 'true';
  if (key === 'returns') return value === 'open';
  if (key === 'from' || key === 'to') return isDateText(value);
  return true;
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/**
 * Finds an order among thousands: by order number, customer name or e-mail, by status and by order date;
 * checkouts nobody paid (declined, expired, abandoned) only when asked for.
 */
export function OrderFilters({ value, onChange }: { value: OrderFilterValues; onChange: (next: OrderFilterValues) => void }) {
  const filtered = Object.values(value).some(Boolean);
  return (
    <ListSearch
      label="Search orders"
      placeholder="Order #, name or e-mail"
      value={value.q}
      onSearch={(q) => onChange({ ...value, q: q || undefined })}
      onClear={filtered ? () => onChange({}) : undefined}
    >
      <div className="grid gap-1.5 sm:w-48">
        <Label htmlFor="admin-order-kind-filter">Show</Label>
        <Select id="admin-order-kind-filter" value={value.kind ?? ''} onChange={(event) => onChange({ ...value, kind: event.target.value || undefined })}>
          <option value="">Orders</option>
          <option value="unpaid">Unpaid checkouts</option>
          <option value="all">Orders and unpaid checkouts</option>
        </Select>
      </div>
      <div className="grid gap-1.5 sm:w-48">
        <Label htmlFor="admin-order-status-filter">Status</Label>
        <Select id="admin-order-status-filter" value={value.status ?? ''} onChange={(event) => onChange({ ...value, status: event.target.value || undefined })}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2 sm:self-end sm:pb-2">
        <Checkbox
          id="admin-order-disputed-filter"
          checked={value.disputed === 'true'}
          onCheckedChange={(checked) => onChange({ ...value, disputed: checked === true ? 'true' : undefined })}
        />
        <Label htmlFor="admin-order-disputed-filter">Disputed only</Label>
      </div>
      <div className="flex items-center gap-2 sm:self-end sm:pb-2">
        <Checkbox
          id="admin-order-returns-filter"
          checked={value.returns === 'open'}
          onCheckedChange={(checked) => onChange({ ...value, returns: checked === true ? 'open' : undefined })}
        />
        <Label htmlFor="admin-order-returns-filter">Open returns only</Label>
      </div>
      <DateRangeFields what="Order" from={value.from} to={value.to} onChange={(range) => onChange({ ...value, ...range })} />
    </ListSearch>
  );
}
