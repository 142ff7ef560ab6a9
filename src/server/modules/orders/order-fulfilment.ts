import { shipsNothingOrder } from '#common/emailed-orders.ts';
import { and, eq } from 'drizzle-orm';
import { trackingUrlFor } from '#common/carriers.ts';
import { isUnpaidCheckout } from '#common/order-fulfilment.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { FulfilInput } from '#common/schemas/shipments.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders, orderShipments } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { sendReadyForPickupEmail, sendShipmentEmail, type ShipmentEmailData } from '#server/modules/mail/order-mail-service.ts';
import { loadAdminOrderDetail, recordOrderEvent } from './order-history.ts';
import { transitionOrder, type Actor } from './order-lifecycle.ts';
import {
  carrierName,
  createShipment,
  deliverShipment,
  describeLines,
  nothingToShipEmailed,
  shipsNothingColumns,
  unitsLeftToShip,
  type ShipmentLabel,
  type ShippedLine,
} from './order-shipments.ts';
import { loadOrderView } from './order-view.ts';

interface Deps {
  db: Database;
  mail: MailService;
}

/**
 * Locks the order row for the whole fulfilment step, so "is this the last parcel?" is answered
 * once when two admins ship at the same time. A checkout nobody paid, or a cancelled order, has
 * nothing to ship (409).
 */
async function lockOrder(tx: Transaction, id: number) {
  const [order] = await tx
    .select({
      ...shipsNothingColumns,
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      kind: orders.shippingMethodKind,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!order) throw notFound('Order not found');
  if (isUnpaidCheckout(order)) throw conflict(`Order #${order.orderNumber} was never paid, so it has nothing to ship.`);
  if (order.status === 'cancelled') throw conflict(`Order #${order.orderNumber} is cancelled, so it has nothing to ship.`);
  if (shipsNothingOrder(order)) throw conflict(nothingToShipEmailed(order.orderNumber));
  return order;
}

async function emailData(tx: Transaction, orderId: number) {
  const view = await loadOrderView(tx, orderId);
  if (!view) throw notFound('Order not found');
  return view;
}

/**
 * The owner's Fulfil action (decision 050): the chosen units leave in one shipment with its carrier
 * and tracking. The order becomes shipped with its last unit (before that it stays processing and
 * reads "Partially shipped"); the shipment is on the timeline and e-mailed to the customer with its
 * lines and tracking link, all in one transaction.
 */
export async function fulfilOrder(deps: Deps, id: number, input: FulfilInput, actor: Actor, label?: ShipmentLabel): Promise<AdminOrderDetail> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    // a label bought twice (a double click, a retried request) is the one shipment the first made (decision 057)
    if (label && (await labelShipmentOf(tx, id, label.carrierShipmentId)) !== null) return;
    if (order.kind === 'pickup') throw conflict(`Order #${order.orderNumber} is collected at the shop: mark it ready for pickup instead.`);
    const trackingNumber = input.trackingNumber ?? null;
    const trackingUrl = input.trackingUrl ?? (trackingNumber ? trackingUrlFor(input.carrier, trackingNumber) : null);
    const shipment = await createShipment(tx, order, input.lines, { method: 'carrier', carrier: input.carrier, trackingNumber, trackingUrl, ...label }, actor);
    if (trackingNumber) {
      // the order's own tracking (the spec's fields, the list card) follows its latest parcel
      await tx
        .update(orders)
        .set({ carrier: input.carrier, trackingNumber, trackingUrl, trackingAddedAt: new Date(), updatedAt: new Date() })
        .where(eq(orders.id, id));
    }
    const complete = (await unitsLeftToShip(tx, id)).length === 0;
    const name = carrierName(input.carrier);
    const tracking = trackingNumber ? `, tracking ${name ? `${name} ` : ''}${trackingNumber}${trackingUrl ? ` (${trackingUrl})` : ''}` : '';
    const note = `Shipped ${describeLines(shipment.lines)}${tracking}`;
    await recordShipped(tx, order, complete, note, actor);
    const mail: ShipmentEmailData = { carrierName: name, trackingNumber, trackingUrl, lines: shipment.lines, complete };
    await sendShipmentEmail(deps.mail, tx, await emailData(tx, id), mail);
  });
  return loadAdminOrderDetail(deps.db, id);
}

/** The order's shipment holding the label of this provider shipment, if one was made. */
export async function labelShipmentOf(db: Database | Transaction, orderId: number, carrierShipmentId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.carrierShipmentId, carrierShipmentId)));
  return row?.id ?? null;
}

/**
 * The timeline entry of a parcel that left: the shipped step when it holds the last units (unless the
 * order already reads shipped), else a shipment record while the order waits for the rest.
 */
async function recordShipped(tx: Transaction, order: { id: number; orderNumber: string; status: string }, complete: boolean, note: string, actor: Actor) {
  if (!complete || order.status === 'shipped') {
    await recordOrderEvent(tx, order.id, 'shipment', { actor, note });
    return;
  }
  if (!(await transitionOrder(tx, order.id, 'mark_shipped', { actor, note }))) {
    throw conflict(`Order #${order.orderNumber} cannot be marked shipped now (it changed meanwhile). Reload to see it.`);
  }
}

/**
 * One parcel arrived, or a pickup was collected. The order becomes delivered when every unit shipped
 * and every shipment is delivered; a delivered shipment cannot be delivered again (409).
 */
export async function markShipmentDelivered(deps: Deps, id: number, shipmentId: number, actor: Actor): Promise<AdminOrderDetail> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const delivered = await deliverShipment(tx, id, shipmentId);
    if (!delivered) throw conflict(`That shipment of order #${order.orderNumber} is already marked delivered.`);
    const note = delivered.method === 'pickup' ? 'Picked up' : `Delivered shipment ${shipmentId}`;
    if (delivered.allDelivered && order.status === 'shipped') {
      if (!(await transitionOrder(tx, id, 'mark_delivered', { actor, note }))) {
        throw conflict(`Order #${order.orderNumber} cannot be marked delivered now (it changed meanwhile). Reload to see it.`);
      }
    } else {
      await recordOrderEvent(tx, id, 'shipment_delivered', { actor, note });
    }
  });
  return loadAdminOrderDetail(deps.db, id);
}

/**
 * A local pickup order is packed and waiting: everything left goes into one pickup "shipment", the
 * order becomes shipped (the lifecycle's step; the pages call it ready for pickup), and the customer
 * is e-mailed the shop's address and hours. "Picked up" later delivers it.
 */
export async function markReadyForPickup(deps: Deps, id: number, actor: Actor): Promise<AdminOrderDetail> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.kind !== 'pickup') throw conflict(`Order #${order.orderNumber} is not a local pickup order.`);
    const left: ShippedLine[] = await unitsLeftToShip(tx, id);
    if (left.length === 0) throw conflict(`Order #${order.orderNumber} has nothing left to get ready.`);
    const shipment = await createShipment(tx, order, left, { method: 'pickup', carrier: null, trackingNumber: null, trackingUrl: null }, actor);
    await recordShipped(tx, order, true, `Ready for pickup: ${describeLines(shipment.lines)}`, actor);
    const mail: ShipmentEmailData = { carrierName: null, trackingNumber: null, trackingUrl: null, lines: shipment.lines, complete: true };
    await sendReadyForPickupEmail(deps.mail, tx, await emailData(tx, id), mail);
  });
  return loadAdminOrderDetail(deps.db, id);
}
