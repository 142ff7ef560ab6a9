import { Link } from 'wouter';
import { Archive } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { useActiveOrders } from '../api/get-active-orders.ts';
import { OrderList } from './order-list.tsx';

/** spec/admin.md §2 orders: the active orders, each with status, tracking and archive. */
export function OrdersTab() {
  const orders = useActiveOrders();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-gray-900">Active Orders</h2>
          <p className="text-sm text-gray-600">{orders.data ? `${orders.data.length} order(s)` : 'Newest first'}</p>
        </div>
        <Link href="/admin/archived-orders" className={buttonClasses('outline', 'sm')}>
          <Archive className="h-4 w-4" aria-hidden="true" /> Archived Orders
        </Link>
      </div>
      <OrderList query={orders} archived={false} emptyText="No active orders." />
    </div>
  );
}
