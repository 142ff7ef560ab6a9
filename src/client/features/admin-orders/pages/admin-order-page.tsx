import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowLeft, Printer } from 'lucide-react';
import { formatPrice } from '#common/money.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { parseRouteId } from '#client/lib/parse-route-id.ts';
import { useMay } from '#client/lib/staff-permissions.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { adminOrderQueryOptions } from '../api/get-admin-order.ts';
import { AdminOrderTimeline } from '../components/admin-order-timeline.tsx';
import { DisputeBadge, PaymentBadge } from '../components/order-badges.tsx';
import { OrderDetails } from '../components/order-details.tsx';
import { OrderFulfilmentCard } from '../components/order-fulfilment-card.tsx';
import { RefundForm } from '../components/refund-form.tsx';
import { ReturnPanel } from '../components/return-panel.tsx';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One order for the owner: details, refunds, the timeline with private notes, and its packing slip. */
export default function AdminOrderPage({ id: rawId }: { id: string }) {
  const id = parseRouteId(rawId);
  const query = useQuery({ ...adminOrderQueryOptions(id ?? 0), enabled: id !== null });
  const detail = query.data;
  const mayRefund = useMay('refunds.create');
  useDocumentTitle(detail ? `Order #${detail.order.orderNumber}` : 'Order');

  const back = (
    <Link href="/admin?tab=orders" className={buttonClasses('link', 'sm', 'px-0')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Orders
    </Link>
  );
  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        {back}
        <h1 className="mt-2 text-2xl font-bold text-gray-900">Order not found</h1>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        {back}
        <LoadError as="h1" title="The order could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }
  if (!detail) return <Spinner className="min-h-[50vh]" label="Loading order" />;
  const { order } = detail;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        {back}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-extrabold tracking-tight break-all text-gray-900 sm:text-3xl">Order #{order.orderNumber}</h1>
          <PaymentBadge order={order} />
          <DisputeBadge status={order.disputeStatus} />
        </div>
        <p className="mt-1 text-sm text-gray-600">
          {order.status.charAt(0).toUpperCase() + order.status.slice(1)} · placed {when(order.createdAt)}
          {order.refundedTotal !== '0.00' ? ` · ${formatPrice(order.refundedTotal)} refunded` : ''}
        </p>
        {order.shipsNothing ? null : (
          <Link href={`/admin/orders/${order.id}/packing-slip`} className={buttonClasses('outline', 'sm', 'mt-3')}>
            <Printer className="h-4 w-4" aria-hidden="true" /> Packing slip
          </Link>
        )}
      </div>

      {order.disputeStatus ? (
        <p role="status" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          The card holder disputed this payment (status: {order.disputeStatus.replace('_', ' ')}). Answer it in the Stripe dashboard.
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <OrderDetails order={order} headingLevel="h3" />
        </CardContent>
      </Card>

      <OrderFulfilmentCard order={order} fulfilment={detail.fulfilment} />

      <Card>
        <CardHeader>
          <CardTitle>Refunds</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {detail.refunds.length ? (
            <ul className="grid gap-2 text-sm" data-testid="refund-list">
              {detail.refunds.map((refund) => (
                <li key={refund.id} className="flex flex-wrap justify-between gap-x-3 rounded-md bg-gray-50 p-3">
                  <span className="min-w-0 break-words">
                    <span className="font-semibold tabular-nums">{formatPrice(refund.amount)}</span> · {refund.reason}
                    {refund.state === 'pending' ? ' (in progress)' : ''}
                  </span>
                  <span className="text-xs text-gray-600">{when(refund.createdAt)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {mayRefund ? <RefundForm key={order.refundedTotal} detail={detail} /> : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Returns</CardTitle>
        </CardHeader>
        <CardContent>
          <ReturnPanel orderId={order.id} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <AdminOrderTimeline detail={detail} />
        </CardContent>
      </Card>
    </div>
  );
}
