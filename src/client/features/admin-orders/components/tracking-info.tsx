import type { OrderView } from '#common/schemas/orders.ts';

/** The order's tracking number, with a link to follow the package when there is a URL. */
export function TrackingInfo({ order }: { order: OrderView }) {
  if (!order.trackingNumber) return null;
  return (
    <p className="text-sm text-gray-700">
      Tracking: <span className="font-mono">{order.trackingNumber}</span>
      {order.trackingUrl ? (
        <>
          {' '}
          (
          <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className="text-link underline">
            track package
          </a>
          )
        </>
      ) : null}
    </p>
  );
}
