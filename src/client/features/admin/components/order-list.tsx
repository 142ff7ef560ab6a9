import type { UseQueryResult } from '@tanstack/react-query';
import type { OrderView } from '#common/schemas/orders.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { OrderCard } from './order-card.tsx';

/** The cards of one order list, with loading, error and empty states. */
export function OrderList({ query, archived, emptyText }: { query: UseQueryResult<OrderView[], Error>; archived: boolean; emptyText: string }) {
  if (query.isLoading) return <Spinner label="Loading orders" />;
  if (query.isError) return <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">{query.error.message}</p>;
  const orders = query.data ?? [];
  if (orders.length === 0) return <p className="rounded-md border border-gray-200 bg-white p-6 text-center text-gray-600">{emptyText}</p>;
  return (
    <div className="grid grid-cols-1 gap-4">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} archived={archived} />
      ))}
    </div>
  );
}
