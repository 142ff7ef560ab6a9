import { CARRIER_NAMES } from '#common/carriers.ts';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** The parcels sent so far (decision 050): which items each holds, its tracking link, and whether it arrived or was collected. */
export function OrderShipments({ shipments }: { shipments: CustomerOrderView['shipments'] }) {
  return (
    <ol className="grid gap-3 text-sm text-gray-700" aria-label="Packages">
      {shipments.map((shipment, index) => {
        const pickup = shipment.method === 'pickup';
        const title = pickup ? 'Local pickup' : shipments.length > 1 ? `Package ${index + 1}` : 'Package';
        const state = pickup
          ? shipment.status === 'delivered'
            ? 'Picked up'
            : 'Ready for pickup'
          : shipment.status === 'delivered'
            ? `Delivered${shipment.deliveredAt ? ` ${day(shipment.deliveredAt)}` : ''}`
            : `Shipped ${day(shipment.shippedAt)}`;
        return (
          <li key={shipment.id} className="rounded-md border border-gray-200 p-3" aria-label={title}>
            <p className="font-medium text-gray-900">
              {title} · {state}
            </p>
            <ul className="mt-1">
              {shipment.lines.map((line) => (
                <li key={line.itemId}>
                  {line.quantity} × {line.variantName ? `${line.productName} (${line.variantName})` : line.productName}
                </li>
              ))}
            </ul>
            {shipment.trackingNumber ? (
              <p className="mt-1 break-all">
                {shipment.carrier && shipment.carrier !== 'other' ? `${CARRIER_NAMES[shipment.carrier]} ` : ''}tracking number{' '}
                <span className="font-medium text-gray-900">{shipment.trackingNumber}</span>
              </p>
            ) : null}
            {shipment.trackingUrl ? (
              // no referrer: the carrier never sees this page's signed address
              <a
                href={shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-block font-medium text-link underline-offset-4 hover:underline"
              >
                Track {pickup ? 'it' : title.toLowerCase()}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
