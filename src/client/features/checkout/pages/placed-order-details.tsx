import { Link } from 'wouter';
import { Truck } from 'lucide-react';
import { formatCents, formatPrice, toCents } from '#common/money.ts';
import type { PlacedOrderView } from '#common/schemas/placed-order.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { formatDate } from '#client/lib/format.ts';

// "Wed, Dec 2": the estimate's days are calendar days, the same in every time zone
const estimateDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Wed, Dec 2 – Fri, Dec 4" (one day alone when both ends agree). */
function deliveryWindow(estimate: PlacedOrderView['shipping']['estimate']): string {
  const earliest = estimateDay.format(new Date(`${estimate.earliest}T00:00:00Z`));
  const latest = estimateDay.format(new Date(`${estimate.latest}T00:00:00Z`));
  return earliest === latest ? earliest : `${earliest} – ${latest}`;
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-gray-200 pt-2 text-base font-semibold' : 'flex justify-between text-sm'}>
      <dt className={strong ? 'text-gray-900' : 'text-gray-700'}>{label}</dt>
      <dd className="text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The order just paid for: its number and the way to its page, the lines with their pictures, how it ships, totals, address. */
export function PlacedOrderDetails({ order }: { order: PlacedOrderView }) {
  const paid = order.paymentStatus === 'succeeded';
  const cityLine = [order.city, [order.state, order.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="order-details" className="rounded-lg border border-gray-200 bg-white text-left shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 px-5 py-4">
        <div>
          <h2 id="order-details" className="text-lg font-semibold text-gray-900">
            Order #{order.orderNumber}
          </h2>
          <p className="text-sm text-gray-600">Placed {formatDate(order.createdAt)}</p>
        </div>
        <div className="flex items-center gap-3">
          <Badge variant={paid ? 'success' : 'warning'}>{paid ? 'Paid' : 'Payment processing'}</Badge>
          {order.orderLink ? (
            <Link href={order.orderLink} className="text-sm font-medium text-primary underline underline-offset-2 hover:no-underline">
              View order
            </Link>
          ) : null}
        </div>
      </div>

      <ul className="divide-y divide-gray-100 px-5" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-4 py-3 text-sm">
            <div className="h-14 w-14 shrink-0 overflow-hidden rounded-md border border-gray-200 bg-gray-50">
              {item.imageUrl ? <img src={item.imageUrl} alt="" width={56} height={56} loading="lazy" className="h-full w-full object-contain" /> : null}
            </div>
            <span className="min-w-0 flex-1 text-gray-900">
              {item.productName} <span className="text-gray-600">× {item.quantity}</span>
              {item.variantName && <span className="block text-xs text-gray-600">{item.variantName}</span>}
            </span>
            <span className="font-medium text-gray-900 tabular-nums">{formatCents(toCents(item.price) * item.quantity)}</span>
          </li>
        ))}
      </ul>

      <div className="flex gap-3 border-t border-gray-100 px-5 py-4 text-sm">
        <Truck className="mt-0.5 h-5 w-5 shrink-0 text-gray-600" aria-hidden="true" />
        <div>
          <h3 className="font-medium text-gray-900">{order.shipping.method}</h3>
          <p className="text-gray-700">Estimated delivery: {deliveryWindow(order.shipping.estimate)}</p>
        </div>
      </div>

      <dl className="grid gap-1.5 border-t border-gray-100 px-5 py-4">
        <Total label="Subtotal" value={formatPrice(order.subtotal)} />
        {Number(order.discountTotal) > 0 ? (
          <Total label={order.couponCode ? `Discount (${order.couponCode})` : 'Discount'} value={`-${formatPrice(order.discountTotal)}`} />
        ) : null}
        <Total label="Shipping" value={Number(order.shippingTotal) > 0 ? formatPrice(order.shippingTotal) : 'Free'} />
        <Total label="Tax" value={formatPrice(order.taxTotal)} />
        <Total label="Total" value={formatPrice(order.total)} strong />
        {/* the server's parts of the total (decision 071): each gift card, then the card payment if any */}
        {order.paidBy ? (
          <>
            {order.paidBy.giftCards.map((card) => (
              <Total key={card.last4} label={`Paid by gift card ••••${card.last4}`} value={formatPrice(card.amount)} />
            ))}
            {Number(order.paidBy.card) > 0 ? <Total label="Paid by card" value={formatPrice(order.paidBy.card)} /> : null}
          </>
        ) : null}
      </dl>

      <div className="grid gap-4 border-t border-gray-100 px-5 py-4 text-sm sm:grid-cols-2">
        {/* a cart of gift cards alone was placed with no address: nothing is shipped (decision 071) */}
        {order.street ? (
          <div>
            <h3 className="font-medium text-gray-900">Shipping to</h3>
            <address className="mt-1 text-gray-700 not-italic">
              {order.customerName}
              <br />
              {order.street}
              <br />
              {cityLine}
              <br />
              {order.country}
            </address>
          </div>
        ) : null}
        <div>
          <h3 className="font-medium text-gray-900">Confirmation sent to</h3>
          <p className="mt-1 break-all text-gray-700">{order.customerEmail}</p>
        </div>
      </div>
    </section>
  );
}
