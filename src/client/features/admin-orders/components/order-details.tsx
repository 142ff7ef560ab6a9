import { EMAILED_ONLY_LINE } from '#common/emailed-orders.ts';
import { formatCents, formatPrice, toCents } from '#common/money.ts';
import type { OrderView } from '#common/schemas/orders.ts';

function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const lineCents = (item: OrderView['items'][number]) => {
  const unit = toCents(item.price);
  return (Number.isNaN(unit) ? 0 : unit) * item.quantity;
};

/**
 * Customer, address, items and totals of one order (read-only part of an order card). Its headings sit one
 * level under the heading it is placed beneath: h4 under a list card's h3, h3 under the order page's h2.
 */
export function OrderDetails({ order, headingLevel: Heading = 'h4' }: { order: OrderView; headingLevel?: 'h3' | 'h4' }) {
  const address = [order.street, [order.city, order.state, order.zipCode].filter(Boolean).join(', '), order.country].filter(Boolean);
  return (
    <div className="grid grid-cols-1 gap-4 text-sm md:grid-cols-3">
      <div>
        <Heading className="font-semibold text-gray-900">Customer</Heading>
        <p className="text-gray-800">{order.customerName}</p>
        <p className="break-all text-gray-600">{order.customerEmail}</p>
        {order.phone ? <p className="text-gray-600">{order.phone}</p> : null}
        <p className="mt-1 text-gray-500">Placed {formatDateTime(order.createdAt)}</p>
      </div>
      <div>
        <Heading className="font-semibold text-gray-900">Shipping address</Heading>
        {order.shipsNothing ? (
          <p className="text-gray-700">{EMAILED_ONLY_LINE}</p>
        ) : address.length ? (
          address.map((line) => (
            <p key={line} className="text-gray-700">
              {line}
            </p>
          ))
        ) : (
          <p className="text-gray-500">No address</p>
        )}
      </div>
      <div>
        <Heading className="font-semibold text-gray-900">Items</Heading>
        <ul className="text-gray-700">
          {order.items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-x-2" data-testid={`order-item-${item.id}`}>
              <span className="min-w-0 break-words">
                {item.productName}
                {item.variantName && <span className="block text-xs text-gray-600">{item.variantName}</span>}
              </span>
              {/* the unit price alone next to "× 3" read as the line's total */}
              <span className="ml-auto text-right tabular-nums">
                {formatPrice(item.price)} × {item.quantity} = <span className="font-medium text-gray-900">{formatCents(lineCents(item))}</span>
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-2 border-t border-gray-100 pt-2 text-gray-600">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatPrice(order.subtotal)}</dd>
          {Number(order.discountTotal) > 0 ? (
            <>
              <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
              <dd className="text-right">-{formatPrice(order.discountTotal)}</dd>
            </>
          ) : null}
          <dt>Shipping</dt>
          <dd className="text-right">{formatPrice(order.shippingTotal)}</dd>
          <dt>Tax</dt>
          <dd className="text-right">{formatPrice(order.taxTotal)}</dd>
          <dt className="font-semibold text-gray-900">Total</dt>
          <dd className="text-right font-semibold text-gray-900">{formatPrice(order.total)}</dd>
        </dl>
      </div>
    </div>
  );
}
