import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

// Daily roll-ups of paid orders (decision 051), written only by the reports module: each day's rows are
// recomputed whole from the orders paid that day, so a roll-up always equals the aggregate over its orders.
// Money in integer cents.

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Which day (in the shop's time zone) each paid order counts on: the day it was paid. */
export const reportOrders = pgTable(
  'report_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    // the customer's e-mail, lowercased: an order is a new customer's when no earlier paid order shares it
    customerKey: text('customer_key').notNull(),
    // the order's updated_at when it was last rolled up: an order seen again unchanged is not rolled up again
    orderUpdatedAt: timestamp('order_updated_at', { withTimezone: true }),
  },
  (table) => [index('report_orders_day_idx').on(table.day), index('report_orders_customer_idx').on(table.customerKey, table.paidAt)],
);

export const reportDailySales = pgTable('report_daily_sales', {
  day: date('day').primaryKey(),
  orders: integer('orders').notNull().default(0),
  units: integer('units').notNull().default(0),
  grossCents: cents('gross_cents'),
  discountCents: cents('discount_cents'),
  refundCents: cents('refund_cents'),
  taxCents: cents('tax_cents'),
  shippingCents: cents('shipping_cents'),
  newCustomerOrders: integer('new_customer_orders').notNull().default(0),
  returningCustomerOrders: integer('returning_customer_orders').notNull().default(0),
});

/** A day's units and money per variant sold, with its product, brand and type as they were at the roll-up. */
export const reportDailyItems = pgTable(
  'report_daily_items',
  {
    day: date('day').notNull(),
    productId: integer('product_id'),
    variantId: integer('variant_id'),
    productName: text('product_name').notNull(),
    variantName: text('variant_name'),
    sku: text('sku'),
    brandName: text('brand_name'),
    productTypeName: text('product_type_name'),
    units: integer('units').notNull().default(0),
    grossCents: cents('gross_cents'),
    discountCents: cents('discount_cents'),
    refundedUnits: integer('refunded_units').notNull().default(0),
  },
  (table) => [index('report_daily_items_day_idx').on(table.day)],
);

/**
 * Every day's best sellers summed per list and name (decision 074): `by` is the list (product, variant, brand,
 * type) and `name` its name as the list shows it, kept by the roll-up with the daily rows. A best-seller list
 * over most of the shop's history reads its list's totals less the days outside its range instead of every
 * daily row in it (1.6 million on a million orders).
 */
export const reportTopTotals = pgTable(
  'report_top_totals',
  {
    by: text('by').notNull(),
    name: text('name').notNull(),
    units: integer('units').notNull().default(0),
    grossCents: cents('gross_cents'),
    discountCents: cents('discount_cents'),
    refundedUnits: integer('refunded_units').notNull().default(0),
    // how many daily rows are summed here: a name whose days are all outside a range sold nothing in it
    days: integer('days').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.by, table.name] })],
);

/** A day's tax per ship-to state ('' when the order had none). */
export const reportDailyTax = pgTable(
  'report_daily_tax',
  {
    day: date('day').notNull(),
    state: text('state').notNull(),
    orders: integer('orders').notNull().default(0),
    taxableCents: cents('taxable_cents'),
    taxCents: cents('tax_cents'),
    taxRefundedCents: cents('tax_refunded_cents'),
  },
  (table) => [primaryKey({ columns: [table.day, table.state] })],
);

/** A day's orders per coupon code. */
export const reportDailyCoupons = pgTable(
  'report_daily_coupons',
  {
    day: date('day').notNull(),
    couponCode: text('coupon_code').notNull(),
    orders: integer('orders').notNull().default(0),
    discountCents: cents('discount_cents'),
    salesCents: cents('sales_cents'),
  },
  (table) => [primaryKey({ columns: [table.day, table.couponCode] })],
);

/** One row: orders changed since this time (less an overlap) have not been rolled up yet. */
export const reportRollupState = pgTable(
  'report_rollup_state',
  {
    id: integer('id').primaryKey().default(1),
    changedSince: timestamp('changed_since', { withTimezone: true }).notNull(),
    // the shop's time zone the days were cut in: another one rolls every day up again
    timeZone: text('time_zone').notNull(),
  },
  (table) => [check('report_rollup_state_one_row', sql`${table.id} = 1`)],
);
