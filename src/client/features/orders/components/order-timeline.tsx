import { formatPrice } from '#common/money.ts';
import { ORDER_STATUS_WORDS } from '#common/order-status-wording.ts';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';

type TimelineEvent = CustomerOrderView['timeline'][number]['event'];

const LABELS: Record<TimelineEvent, string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  payment_failed: 'Payment declined',
  payment_expired: 'Payment not completed in time',
  cancelled: 'Order cancelled',
  refunded: 'Refunded to your card',
  on_hold: ORDER_STATUS_WORDS.pending,
  processing: ORDER_STATUS_WORDS.processing,
  shipped: ORDER_STATUS_WORDS.shipped,
  delivered: ORDER_STATUS_WORDS.delivered,
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_declined: 'Return declined',
  return_received: 'Return received',
  store_credit: 'Store credit issued',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What happened to the order, oldest first. */
export function OrderTimeline({ timeline }: { timeline: CustomerOrderView['timeline'] }) {
  return (
    <ol className="relative ml-2 border-l border-gray-200">
      {timeline.map((entry, index) => (
        <li key={`${entry.event}-${index}`} className="mb-4 ml-4 last:mb-0">
          <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border border-white bg-primary" aria-hidden="true" />
          <p className="text-sm font-medium text-gray-900">
            {LABELS[entry.event]}
            {entry.amount ? `: ${formatPrice(entry.amount)}` : ''}
          </p>
          <p className="text-xs text-gray-600">
            <time dateTime={entry.at}>{when(entry.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
