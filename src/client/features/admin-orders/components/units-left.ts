import type { OrderView } from '#common/schemas/orders.ts';
import type { ShipmentView } from '#common/schemas/shipments.ts';

export interface LineLeft {
  itemId: number;
  name: string;
  sku: string | null;
  left: number;
}

/** Each order line's units not yet shipped: ordered, less refunded, less those in its shipments (the server's rule). */
export function unitsLeftToShip(order: Pick<OrderView, 'items'>, shipments: readonly ShipmentView[]): LineLeft[] {
  const shipped = new Map<number, number>();
  for (const line of shipments.flatMap((shipment) => shipment.lines)) shipped.set(line.itemId, (shipped.get(line.itemId) ?? 0) + line.quantity);
  return order.items
    .map((item) => ({
      itemId: item.id,
      name: item.variantName ? `${item.productName} (${item.variantName})` : item.productName,
      sku: item.sku ?? null,
      left: Math.max(0, item.quantity - item.refundedQuantity - (shipped.get(item.id) ?? 0)),
    }))
    .filter((line) => line.left > 0);
}
