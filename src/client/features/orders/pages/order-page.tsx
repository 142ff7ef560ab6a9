import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { CARRIER_NAMES } from '#common/carriers.ts';
import { EMAILED_ONLY_LINE } from '#common/emailed-orders.ts';
import { formatPrice } from '#common/money.ts';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { formatDate } from '#client/lib/format.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useCustomerOrder } from '../api/customer-order.ts';
import { CancelOrderButton } from '../components/cancel-order-button.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderStatus } from '../components/order-status.tsx';
import { OrderReturns } from '../components/order-returns.tsx';
import { OrderShipments } from '../components/order-shipments.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-gray-200 pt-2 text-base font-semibold' : 'flex justify-between text-sm'}>
      <dt className={strong ? 'text-gray-900' : 'text-gray-700'}>{label}</dt>
      <dd className="text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** A refused or missing order: what happened and where to go instead, never the raw error. */
function Refused({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <div className="mt-3 text-gray-700">{children}</div>
    </div>
  );
}

function refusal(error: unknown, orderNumber: string) {
  const status = error instanceof ApiError ? error.status : 0;
  const lookup = (
    <Link href="/order-lookup" className={buttonClasses('default', 'default', 'mt-6')}>
      Look up an order
    </Link>
  );
  if (status === 401) {
    return (
      <Refused title="Sign in to see this order">
        <p>Orders placed with an account open when you are signed in. Without one, look the order up with its number and e-mail address.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link href={`/auth?returnTo=${encodeURIComponent(`/orders/${orderNumber}`)}`} className={buttonClasses('outline', 'default', 'mt-6')}>
            Sign in
          </Link>
          {lookup}
        </div>
      </Refused>
    );
  }
  if (status === 410 || status === 403) {
    return (
      <Refused title={status === 410 ? 'This order link has expired' : 'This order link is not valid'}>
        <p>{(error as ApiError).message}</p>
        {lookup}
      </Refused>
    );
  }
  if (status === 404 || status === 400) {
    return (
      <Refused title="Order not found">
        <p>There is no order #{orderNumber} that you can open. Check the number in your confirmation e-mail.</p>
        {lookup}
      </Refused>
    );
  }
  return null;
}

function Address({ order }: { order: CustomerOrderView }) {
  const cityLine = [order.city, [order.state, order.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <address className="text-sm text-gray-700 not-italic">
      {[order.customerName, order.street, cityLine, order.country].filter(Boolean).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

function Tracking({ shipping, cancelled }: { shipping: CustomerOrderView['shipping']; cancelled: boolean }) {
  if (!shipping.trackingNumber) {
    return <p className="text-sm text-gray-700">{cancelled ? 'This order will not ship.' : 'We will add tracking here when the parcel ships.'}</p>;
  }
  return (
    <div className="text-sm text-gray-700">
      <p>
        {shipping.carrier ? `${CARRIER_NAMES[shipping.carrier]} ` : ''}tracking number{' '}
        <span className="font-medium text-gray-900">{shipping.trackingNumber}</span>
      </p>
      {shipping.trackingUrl ? (
        // no referrer: the carrier never sees this page's signed address
        <a
          href={shipping.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-block font-medium text-link underline-offset-4 hover:underline"
        >
          Track your package<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}

function paymentText(payment: CustomerOrderView['payment']): string {
  if (payment.cardBrand && payment.cardLast4) return `${payment.cardBrand[0]!.toUpperCase()}${payment.cardBrand.slice(1)} ending in ${payment.cardLast4}`;
  if (payment.cardLast4) return `Card ending in ${payment.cardLast4}`;
  return 'Card';
}

/** /orders/<number>: the customer's own order, opened signed in or from a signed link (?key=). */
export default function OrderPage({ orderNumber }: { orderNumber: string }) {
  const key = new URLSearchParams(useSearch()).get('key');
  const order = useCustomerOrder(orderNumber, key);
  useDocumentTitle(`Order #${orderNumber}`);

  if (order.isLoading) return <Spinner className="min-h-[50vh]" label="Loading order" />;
  if (order.isError) {
    return (
      refusal(order.error, orderNumber) ?? (
        <div className="mx-auto max-w-xl px-4 py-16">
          <LoadError as="h1" title="We couldn't load this order" error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />
        </div>
      )
    );
  }
  const view = order.data!;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Order #{view.orderNumber}</h1>
          <p className="mt-1 text-sm text-gray-600">Placed {formatDate(view.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatus order={view} />
          {view.actions.cancel ? <CancelOrderButton order={view} linkKey={key} /> : null}
        </div>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6 self-start">
          <Card>
            <CardHeader>
              <CardTitle>Items</CardTitle>
            </CardHeader>
            <CardContent>
              <OrderLines items={view.items} />
              <dl className="mt-2 grid gap-1.5 border-t border-gray-100 pt-4">
                <Total label="Subtotal" value={formatPrice(view.subtotal)} />
                {Number(view.discountTotal) > 0 ? (
                  <Total label={view.couponCode ? `Discount (${view.couponCode})` : 'Discount'} value={`-${formatPrice(view.discountTotal)}`} />
                ) : null}
                <Total label="Shipping" value={Number(view.shippingTotal) > 0 ? formatPrice(view.shippingTotal) : 'Free'} />
                <Total label="Tax" value={formatPrice(view.taxTotal)} />
                <Total label="Total" value={formatPrice(view.total)} strong />
                {Number(view.refundedTotal) > 0 ? <Total label="Refunded" value={`-${formatPrice(view.refundedTotal)}`} /> : null}
              </dl>
            </CardContent>
          </Card>
          {view.shipsNothing ? (
            <Card>
              <CardHeader>
                <CardTitle>Delivery</CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-gray-700">
                <p>{EMAILED_ONLY_LINE}.</p>
                <p>Each gift card is e-mailed to its recipient on the day chosen for it.</p>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>Shipping</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                <div>
                  <h3 className="mb-1 text-sm font-medium text-gray-900">Address</h3>
                  <Address order={view} />
                </div>
                <div>
                  <h3 className="mb-1 text-sm font-medium text-gray-900">Tracking</h3>
                  {view.shipments.length ? (
                    <OrderShipments shipments={view.shipments} />
                  ) : (
                    <Tracking shipping={view.shipping} cancelled={view.status === 'cancelled'} />
                  )}
                </div>
              </CardContent>
            </Card>
          )}
          <OrderReturns order={view} linkKey={key} />
        </div>

        <div className="grid gap-6 self-start">
          <Card>
            <CardHeader>
              <CardTitle>Payment</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-gray-700">
              {view.payment.giftCards.length ? (
                // each part as the server gave it (decision 071): the gift cards first, then the card if it paid any
                <dl className="grid gap-1">
                  {view.payment.giftCards.map((card) => (
                    <div key={card.last4} className="flex justify-between gap-4">
                      <dt>Paid by gift card ••••{card.last4}</dt>
                      <dd className="tabular-nums">{formatPrice(card.amount)}</dd>
                    </div>
                  ))}
                  {view.payment.cardAmount && Number(view.payment.cardAmount) > 0 ? (
                    <div className="flex justify-between gap-4">
                      <dt>{paymentText(view.payment)}</dt>
                      <dd className="tabular-nums">{formatPrice(view.payment.cardAmount)}</dd>
                    </div>
                  ) : null}
                </dl>
              ) : (
                <p>{paymentText(view.payment)}</p>
              )}
              <p className="mt-1 break-all">Receipts go to {view.customerEmail}</p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>History</CardTitle>
            </CardHeader>
            <CardContent>
              <OrderTimeline timeline={view.timeline} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
