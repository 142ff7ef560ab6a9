import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '#common/carriers.ts';
import type { ShipmentView } from '#common/schemas/shipments.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { orderItems, orders, orderShipmentLines, orderShipments } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import type { Actor } from './order-lifecycle.ts';

type Executor = Database | Transaction;

interface ShipmentLine {
  itemId: number;
  quantity: number;
}

interface NewShipment {
  method: 'carrier' | 'pickup';
  carrier: Carrier | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** A label bought through the carrier API for a shipment (decision 057). */
export interface ShipmentLabel {
  carrierShipmentId: string;
  carrierService: string;
  labelUrl: string;
  labelCostCents: number;
}

/** A shipment's lines as the e-mail and the timeline name them. */
export interface ShippedLine extends ShipmentLine {
  productName: string;
  variantName: string | null;
}

const isCarrier = (value: string | null): value is Carrier => value !== null && (CARRIERS as readonly string[]).includes(value);

function httpOnly(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** "2 × Pro Paddle (16 mm), 1 × Balls": what a shipment holds, for the timeline. */
export const describeLines = (lines: readonly ShippedLine[]) =>
  lines.map((line) => `${line.quantity} × ${line.variantName ? `${line.productName} (${line.variantName})` : line.productName}`).join(', ');

/** "USPS 9400…": a shipment's tracking as the timeline and e-mail say it. */
export const carrierName = (carrier: Carrier | null) => (carrier && carrier !== 'other' ? CARRIER_NAMES[carrier] : null);

/**
 * The units of each order line not yet shipped: ordered, less refunded, less shipped. A unit refunded
 * before it shipped has nothing to send; one returned after it shipped leaves nothing negative.
 */
export async function unitsLeftToShip(tx: Executor, orderId: number): Promise<ShippedLine[]> {
  const rows = await tx
    .select({
      itemId: orderItems.id,
      productName: orderItems.productName,
      variantName: orderItems.variantName,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.refundedQuantity} - ${orderItems.shippedQuantity}`.mapWith(Number),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows.filter((row) => row.quantity > 0);
}

/**
 * Counts the units into the order's lines, each by a conditional update that refuses more than is
 * left (ordered - refunded - shipped): two fulfils of the same units at once, one wins, even outside
 * the order's row lock. Lines are taken in id order, so concurrent callers lock them in one order.
 */
async function takeUnits(tx: Transaction, orderId: number, orderNumber: string, lines: readonly ShipmentLine[]): Promise<ShippedLine[]> {
  const taken: ShippedLine[] = [];
  for (const line of [...lines].sort((a, b) => a.itemId - b.itemId)) {
    const [row] = await tx
      .update(orderItems)
      .set({ shippedQuantity: sql`${orderItems.shippedQuantity} + ${line.quantity}` })
      .where(
        and(
          eq(orderItems.id, line.itemId),
          eq(orderItems.orderId, orderId),
          sql`${orderItems.shippedQuantity} + ${line.quantity} <= ${orderItems.quantity} - ${orderItems.refundedQuantity}`,
        ),
      )
      .returning({ productName: orderItems.productName, variantName: orderItems.variantName });
    if (!row) throw await overShipped(tx, orderId, orderNumber, line);
    taken.push({ ...line, ...row });
  }
  return taken;
}

async function overShipped(tx: Transaction, orderId: number, orderNumber: string, line: ShipmentLine) {
  const [item] = await tx
    .select({ name: orderItems.productName, quantity: orderItems.quantity, refunded: orderItems.refundedQuantity, shipped: orderItems.shippedQuantity })
    .from(orderItems)
    .where(and(eq(orderItems.id, line.itemId), eq(orderItems.orderId, orderId)));
  if (!item) return notFound(`Order #${orderNumber} has no line ${line.itemId}.`);
  const left = Math.max(0, item.quantity - item.refunded - item.shipped);
  return conflict(`Only ${left} of ${item.name} ${left === 1 ? 'is' : 'are'} left to ship on order #${orderNumber}, not ${line.quantity}. Reload to see it.`);
}

/** Records a shipment of `lines` (counted into the order's lines first) and answers what it holds. */
export async function createShipment(
  tx: Transaction,
  order: { id: number; orderNumber: string },
  lines: readonly ShipmentLine[],
  shipment: NewShipment & Partial<ShipmentLabel>,
  actor: Actor,
): Promise<{ id: number; lines: ShippedLine[] }> {
  const taken = await takeUnits(tx, order.id, order.orderNumber, lines);
  const [row] = await tx
    .insert(orderShipments)
    .values({ orderId: order.id, ...shipment, shippedBy: actor })
    .returning({ id: orderShipments.id });
  await tx.insert(orderShipmentLines).values(taken.map((line) => ({ shipmentId: row!.id, orderItemId: line.itemId, quantity: line.quantity })));
  return { id: row!.id, lines: taken };
}

/**
 * The list card's ship and tracking controls, and the status selector's "shipped", send everything
 * left in one shipment, so their orders read like those fulfilled from the order page.
 */
export async function shipEverythingLeft(tx: Transaction, order: { id: number; orderNumber: string }, shipment: NewShipment, actor: Actor): Promise<void> {
  const left = await unitsLeftToShip(tx, order.id);
  if (left.length > 0) await createShipment(tx, order, left, shipment, actor);
}

/** A corrected tracking number on a shipped order belongs to its latest parcel. */
export async function retrackLatestShipment(
  tx: Transaction,
  orderId: number,
  tracking: Pick<NewShipment, 'trackingNumber' | 'trackingUrl'> & { carrier?: Carrier },
) {
  const [latest] = await tx
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.method, 'carrier')))
    .orderBy(sql`${orderShipments.id} desc`)
    .limit(1);
  if (!latest) return;
  await tx
    .update(orderShipments)
    .set({ ...tracking, updatedAt: new Date() })
    .where(eq(orderShipments.id, latest.id));
}

/** Every parcel of the order not yet delivered becomes delivered (the status selector's "delivered"). */
export async function deliverAllShipments(tx: Transaction, orderId: number): Promise<void> {
  await tx
    .update(orderShipments)
    .set({ status: 'delivered', deliveredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orderShipments.orderId, orderId), inArray(orderShipments.status, ['shipped', 'in_transit'])));
}

/**
 * Marks one shipment delivered (a pickup: collected), leaving any other state: answers its method,
 * or null when it was already delivered. Throws when the order has no such shipment.
 */
export async function deliverShipment(
  tx: Transaction,
  orderId: number,
  shipmentId: number,
): Promise<{ method: 'carrier' | 'pickup'; allDelivered: boolean } | null> {
  const [row] = await tx
    .update(orderShipments)
    .set({ status: 'delivered', deliveredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.orderId, orderId), inArray(orderShipments.status, ['shipped', 'in_transit'])))
    .returning({ method: orderShipments.method });
  if (!row) {
    const [exists] = await tx
      .select({ id: orderShipments.id })
      .from(orderShipments)
      .where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.orderId, orderId)));
    if (!exists) throw notFound('Shipment not found');
    return null;
  }
  const [open] = await tx
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), inArray(orderShipments.status, ['shipped', 'in_transit'])))
    .limit(1);
  return { method: row.method, allDelivered: !open && (await unitsLeftToShip(tx, orderId)).length === 0 };
}

/** An order's shipments, oldest first, each with its lines. */
export async function loadShipments(db: Executor, orderId: number): Promise<ShipmentView[]> {
  const rows = await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      shipmentId: orderShipmentLines.shipmentId,
      itemId: orderShipmentLines.orderItemId,
      quantity: orderShipmentLines.quantity,
      productName: orderItems.productName,
      variantName: orderItems.variantName,
      sku: orderItems.sku,
    })
    .from(orderShipmentLines)
    .innerJoin(orderItems, eq(orderItems.id, orderShipmentLines.orderItemId))
    .where(
      inArray(
        orderShipmentLines.shipmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderShipmentLines.orderItemId));
  return rows.map((row) => ({
    id: row.id,
    method: row.method,
    carrier: isCarrier(row.carrier) ? row.carrier : null,
    trackingNumber: row.trackingNumber,
    trackingUrl: httpOnly(row.trackingUrl),
    status: row.status,
    shippedAt: row.shippedAt.toISOString(),
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    labelUrl: httpOnly(row.labelUrl),
    lines: lines.filter((line) => line.shipmentId === row.id).map(({ shipmentId: _, ...line }) => line),
  }));
}

/** Whether the customer collects the order at the shop (the shipping method chosen at checkout). */
export async function isPickupOrder(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await db.select({ kind: orders.shippingMethodKind }).from(orders).where(eq(orders.id, orderId));
  return row?.kind === 'pickup';
}

/** The columns `shipsNothingOrder` reads: an order of gift cards alone is e-mailed, never shipped (decision 071). */
export const shipsNothingColumns = { shippingMethodId: orders.shippingMethodId, shippingMethodName: orders.shippingMethodName };

export const nothingToShipEmailed = (orderNumber: string) =>
  `Order #${orderNumber} is gift cards alone, e-mailed to their recipients: it has nothing to ship or track.`;
