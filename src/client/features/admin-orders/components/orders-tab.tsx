import { Link } from 'wouter';
import { Archive } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { OpenHoldsSection } from './open-holds-section.tsx';
import { OrderList } from './order-list.tsx';

/** Orders: the active orders, each with status, tracking and archive; the open holds of unpaid checkouts. */
export function OrdersTab() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-gray-900">Active Orders</h2>
        </div>
        <Link href="/admin/archived-orders" className={buttonClasses('outline', 'sm')}>
          <Archive className="h-4 w-4" aria-hidden="true" /> Archived Orders
        </Link>
      </div>
      <OpenHoldsSection />
      <OrderList archived={false} emptyText="No active orders." countText={(total) => `${total} order(s)`} />
    </div>
  );
}
