import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders.ts';

// carrier: a parcel handed to a carrier; pickup: the customer collects it (shipped = ready for pickup, delivered = picked up)
export const shipmentMethods = ['carrier', 'pickup'] as const;
export const shipmentStatuses = ['shipped', 'in_transit', 'delivered'] as const;

/**
 * One parcel of an order (decision 050): what left, with which carrier and tracking, and whether it
 * arrived. An order is shipped when its shipments hold every unit, delivered when all of them are.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: shipmentMethods }).notNull().default('carrier'),
    // usps, ups, fedex or other (src/common/carriers.ts); null for a pickup and for orders shipped before carriers were recorded
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    // a label bought through the carrier API (decision 057): the provider's shipment (one label each, so a
    // repeated purchase finds it and the tracking webhook names it), its service, the label's PDF and its cost
    carrierShipmentId: text('carrier_shipment_id'),
    carrierService: text('carrier_service'),
    labelUrl: text('label_url'),
    labelCostCents: integer('label_cost_cents'),
    status: text('status', { enum: shipmentStatuses }).notNull().default('shipped'),
    // "system" or "admin:<user id>", as in order_events
    shippedBy: text('shipped_by').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_shipments_order_id_idx').on(table.orderId, table.id),
    uniqueIndex('order_shipments_carrier_shipment_id_key').on(table.carrierShipmentId),
  ],
);

/** The units of one order line a shipment holds. */
export const orderShipmentLines = pgTable(
  'order_shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [index('order_shipment_lines_shipment_id_idx').on(table.shipmentId), check('order_shipment_lines_quantity_positive', sql`${table.quantity} > 0`)],
);
