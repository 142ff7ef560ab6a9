import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Printer } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import type { OrderStatus } from '#common/schemas/orders.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { endOfLocalDay, startOfLocalDay } from '#client/lib/date-range.ts';
import { Pager } from '#client/components/admin/pager.tsx';
import { useLastPageWhenShrunk, useUrlListState } from '#client/lib/use-list-page.ts';
import { activeOrdersQueryOptions } from '../api/get-active-orders.ts';
import { archivedOrdersQueryOptions } from '../api/get-archived-orders.ts';
import { OrderCard } from './order-card.tsx';
import { acceptOrderFilter, ORDER_FILTER_KEYS, OrderFilters } from './order-filters.tsx';

interface OrderListProps {
  archived: boolean;
  emptyText: string;
  /** "12 order(s)": the count over all pages (after "about " when the server estimated it) */
  countText: (total: number) => string;
}

/**
 * One page of the active or archived orders, with search, status and date filters and pager; newest
 * first. The filters and page live in the URL.
 */
export function OrderList({ archived, emptyText, countText }: OrderListProps) {
  const { filters, page, setFilters, setPage } = useUrlListState(ORDER_FILTER_KEYS, acceptOrderFilter);
  const query = useQuery(
    (archived ? archivedOrdersQueryOptions : activeOrdersQueryOptions)({
      page,
      // the owner's lists show orders unless asked otherwise; the API's own default is both (decision 047)
      kind: filters.kind === 'unpaid' ? 'unpaid' : filters.kind === 'all' ? undefined : 'orders',
      q: filters.q,
      status: filters.status as OrderStatus | undefined,
      disputed: filters.disputed === 'true' ? 'true' : undefined,
      returns: filters.returns === 'open' ? 'open' : undefined,
      from: startOfLocalDay(filters.from),
      to: endOfLocalDay(filters.to),
    }),
  );
  const total = query.data?.total;
  useLastPageWhenShrunk(page, setPage, total, DEFAULT_PAGE_SIZE);
  const filtered = Object.entries(filters).some(([key, value]) => key !== 'kind' && Boolean(value));
  const empty = filters.kind === 'unpaid' ? 'No unpaid checkouts.' : emptyText;
  // the orders chosen for printing, kept across pages and filters
  const [chosen, setChosen] = useState<number[]>([]);
  const choose = (id: number, selected: boolean) =>
    setChosen((current) => (selected ? [...current.filter((other) => other !== id), id] : current.filter((other) => other !== id)));

  return (
    <div className="grid grid-cols-1 gap-4">
      <OrderFilters value={filters} onChange={setFilters} />
      <p className="text-sm text-gray-600" data-testid="order-count">
        {total === undefined ? 'Newest first' : query.data?.estimated ? `about ${countText(total)}` : countText(total)}
      </p>
      {chosen.length > 0 ? <PrintChosen ids={chosen} onClear={() => setChosen([])} /> : null}
      {query.isLoading ? (
        <Spinner label="Loading orders" />
      ) : query.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          {query.error.message}
        </p>
      ) : (query.data?.items.length ?? 0) === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-6 text-center text-gray-600">{filtered ? 'No orders match this search.' : empty}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4" aria-busy={query.isPlaceholderData}>
          {query.data!.items.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              archived={archived}
              selected={chosen.includes(order.id)}
              onSelect={(selected) => choose(order.id, selected)}
            />
          ))}
        </div>
      )}
      <Pager
        label={archived ? 'Archived orders pages' : 'Active orders pages'}
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        total={total ?? 0}
        onPageChange={setPage}
        busy={query.isPlaceholderData}
      />
    </div>
  );
}

/** The orders chosen with their boxes go to the pick list or their packing slips (decision 050). */
function PrintChosen({ ids, onClear }: { ids: number[]; onClear: () => void }) {
  const href = (view: string) => `/admin/orders/print?ids=${ids.join(',')}&view=${view}`;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm" role="group" aria-label="Chosen orders">
      <span className="font-medium text-gray-900">{ids.length === 1 ? '1 order chosen' : `${ids.length} orders chosen`}</span>
      <Link href={href('pick-list')} className={buttonClasses('outline', 'sm')}>
        <Printer className="h-4 w-4" aria-hidden="true" /> Print pick list
      </Link>
      <Link href={href('packing-slips')} className={buttonClasses('outline', 'sm')}>
        <Printer className="h-4 w-4" aria-hidden="true" /> Print packing slips
      </Link>
      <button type="button" onClick={onClear} className={buttonClasses('link', 'sm')}>
        Clear
      </button>
    </div>
  );
}
