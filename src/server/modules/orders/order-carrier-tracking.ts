import { and, eq, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders, orderShipments } from '#server/db/schema.ts';
import { recordOrderEvent } from './order-history.ts';
import { transitionOrder } from './order-lifecycle.ts';
import { deliverShipment } from './order-shipments.ts';

/** What the carrier's tracking says of a parcel, in the shipment's own states. */
export interface CarrierTracking {
  /** the provider's shipment (a label bought through it); null: found by its tracking number */
  carrierShipmentId: string | null;
  trackingCode: string;
  status: 'in_transit' | 'delivered';
}

/**
 * A carrier's tracking update (decision 057) moves the parcel's shipment forward only: shipped to in
 * transit, shipped or in transit to delivered, each a conditional update naming the state it leaves,
 * so a redelivered or late event changes nothing and writes no second timeline entry. The order
 * becomes delivered with its last parcel, as when the owner marks it (decision 050).
 */
export async function applyCarrierTracking(db: Database, update: CarrierTracking): Promise<'moved' | 'unchanged' | 'unknown'> {
  return db.transaction(async (tx) => {
    const byId = update.carrierShipmentId ? eq(orderShipments.carrierShipmentId, update.carrierShipmentId) : undefined;
    const byTracking = and(eq(orderShipments.method, 'carrier'), eq(orderShipments.trackingNumber, update.trackingCode));
    const [shipment] = await tx
      .select({ id: orderShipments.id, orderId: orderShipments.orderId })
      .from(orderShipments)
      .where(byId ? or(byId, byTracking) : byTracking)
      .limit(1);
    if (!shipment) return 'unknown';
    // the order's row first, as every fulfilment step takes it: "was this the last parcel?" is answered once
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, shipment.orderId)).for('update');
    if (!order) return 'unknown';
    const tracking = `tracking ${update.trackingCode}`;
    if (update.status === 'in_transit') {
      const [moved] = await tx
        .update(orderShipments)
        .set({ status: 'in_transit', updatedAt: new Date() })
        .where(and(eq(orderShipments.id, shipment.id), eq(orderShipments.status, 'shipped')))
        .returning({ id: orderShipments.id });
      if (!moved) return 'unchanged';
      await recordOrderEvent(tx, shipment.orderId, 'tracking_updated', { actor: 'provider', note: `Shipment ${shipment.id} is in transit (${tracking})` });
      return 'moved';
    }
    const delivered = await deliverShipment(tx, shipment.orderId, shipment.id);
    if (!delivered) return 'unchanged';
    const note = `Delivered shipment ${shipment.id} (${tracking})`;
    if (delivered.allDelivered && order.status === 'shipped' && (await transitionOrder(tx, shipment.orderId, 'mark_delivered', { actor: 'provider', note }))) {
      return 'moved';
    }
    await recordOrderEvent(tx, shipment.orderId, 'shipment_delivered', { actor: 'provider', note });
    return 'moved';
  });
}
