import { CARRIER_NAMES } from '#common/carriers.ts';
import type { ShipmentView } from '#common/schemas/shipments.ts';
import { Button } from '#client/components/ui/button.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

interface ShipmentListProps {
  orderId: number;
  shipments: ShipmentView[];
  /** whether the owner may mark them delivered (a paid, open order) */
  actionable: boolean;
  pending: boolean;
  onDelivered: (shipmentId: number) => void;
}

/** The order's parcels, each with its items, tracking and state; one not yet arrived can be marked delivered (or picked up). */
export function ShipmentList({ orderId, shipments, actionable, pending, onDelivered }: ShipmentListProps) {
  if (shipments.length === 0) return null;
  return (
    <ol className="grid gap-3" aria-label="Shipments">
      {shipments.map((shipment, index) => {
        const pickup = shipment.method === 'pickup';
        const title = pickup ? 'Local pickup' : `Shipment ${index + 1}`;
        const carrier = shipment.carrier && shipment.carrier !== 'other' ? `${CARRIER_NAMES[shipment.carrier]} ` : '';
        const state =
          shipment.status === 'delivered'
            ? `${pickup ? 'Picked up' : 'Delivered'}${shipment.deliveredAt ? ` ${day(shipment.deliveredAt)}` : ''}`
            : `${pickup ? 'Ready for pickup' : 'Shipped'} ${day(shipment.shippedAt)}`;
        return (
          <li key={shipment.id} className="grid gap-2 rounded-md border border-gray-200 p-3 text-sm" aria-label={title}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h4 className="font-semibold text-gray-900">{title}</h4>
              <span className="text-gray-700">{state}</span>
            </div>
            {shipment.trackingNumber ? (
              <p className="break-all text-gray-700">
                Tracking {carrier}
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" className="font-medium text-blue-700 underline">
                    {shipment.trackingNumber}
                  </a>
                ) : (
                  <span className="font-medium">{shipment.trackingNumber}</span>
                )}
              </p>
            ) : null}
            {shipment.labelUrl ? (
              // the shop fetches the carrier's PDF for staff (decision 069): the download works while signed in, whatever the carrier's address does
              <a
                href={`/api/orders/${orderId}/shipments/${shipment.id}/label`}
                download
                className="inline-flex min-h-11 items-center justify-self-start font-medium text-blue-700 underline"
              >
                Download label (PDF)
              </a>
            ) : null}
            <ul className="text-gray-800">
              {shipment.lines.map((line) => (
                <li key={line.itemId}>
                  {line.quantity} × {line.variantName ? `${line.productName} (${line.variantName})` : line.productName}
                </li>
              ))}
            </ul>
            {actionable && shipment.status !== 'delivered' ? (
              <Button size="sm" variant="outline" className="justify-self-start" disabled={pending} onClick={() => onDelivered(shipment.id)}>
                {pickup ? 'Picked up' : 'Mark delivered'}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
