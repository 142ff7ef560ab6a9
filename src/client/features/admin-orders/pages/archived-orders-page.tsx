import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { OrderList } from '../components/order-list.tsx';

/** Archived orders: status selector, tracking entry when needed, "Move to Active Orders". */
export default function ArchivedOrdersPage() {
  useDocumentTitle('Archived Orders');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Link href="/admin?tab=orders" className={buttonClasses('link', 'sm', 'px-0')}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Admin
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Archived Orders</h1>
      <p className="mt-1 text-sm text-gray-600">Orders taken off the active list.</p>
      <div className="mt-6">
        <OrderList archived emptyText="No archived orders." countText={(total) => `${total} archived order(s)`} />
      </div>
    </div>
  );
}
