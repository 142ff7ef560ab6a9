import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products, productVariants } from './catalog.ts';
import { coupons } from './coupons.ts';

export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
// the lifecycle between these states is written down once, in modules/orders/order-lifecycle.ts
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'cancelled', 'expired', 'partially_refunded', 'refunded'] as const;
export const reservationStates = ['held', 'committed', 'released'] as const;
/**
 * The payment states of checkouts nobody paid, and `refunded`, among which are the late-paid ones whose money
 * went back (decision 047): the predicate of the admin's unpaid-checkouts index, which its filter names.
 */
export const UNPAID_OR_REFUNDED = ['pending', 'failed', 'expired', 'cancelled', 'refunded'] as const satisfies readonly (typeof paymentStatuses)[number][];

/** Letters and digits nobody misreads on a phone or a packing slip: no 0/O, 1/I/L or U. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
// a random order number for rows inserted without one (tests, scripts); the app picks its own with a retry
const pick = `substr('${ORDER_NUMBER_ALPHABET}', 1 + floor(random() * ${ORDER_NUMBER_ALPHABET.length})::int, 1)`;
const randomOrderNumber = sql.raw(`('PB-' || ${Array.from({ length: 6 }, () => pick).join(' || ')})`);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // what people see ("PB-7K3Q9D"): random, so it tells nobody how many orders there are; ids stay internal
    orderNumber: text('order_number').notNull().unique().default(randomOrderNumber),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    subtotal: numeric('subtotal', { precision: 10, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 10, scale: 2 }).notNull(),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('US'),
    phone: text('phone'),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('pending'),
    paymentProvider: text('payment_provider'),
    // the provider's id of the order's payment (a Stripe payment intent, or the simulator's own id)
    providerPaymentId: text('provider_payment_id').unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    taxTotal: numeric('tax_total', { precision: 10, scale: 2 }).notNull().default('0'),
    shippingTotal: numeric('shipping_total', { precision: 10, scale: 2 }).notNull().default('0'),
    discountTotal: numeric('discount_total', { precision: 10, scale: 2 }).notNull().default('0'),
    // the part of tax_total charged on shipping (0 where shipping is not taxed): a refund of the shipping gives it back
    shippingTax: numeric('shipping_tax', { precision: 10, scale: 2 }).notNull().default('0'),
    couponCode: text('coupon_code'),
    // the shipping method as chosen at checkout (docs/decisions/049): kept by name, the method may change or go;
    // null on orders placed before methods, which went by the built-in Standard shipping
    shippingMethodId: integer('shipping_method_id'),
    shippingMethodName: text('shipping_method_name'),
    shippingMethodKind: text('shipping_method_kind', { enum: ['delivery', 'pickup'] })
      .notNull()
      .default('delivery'),
    // the delivery estimate promised at checkout, first and last likely day
    shippingArrivesFrom: date('shipping_arrives_from', { mode: 'string' }),
    shippingArrivesBy: date('shipping_arrives_by', { mode: 'string' }),
    // usps, ups, fedex or other (src/common/carriers.ts); null on orders shipped before carriers were recorded
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    trackingAddedAt: timestamp('tracking_added_at', { withTimezone: true }),
    // when the order first became delivered: the return window counts from here (decision 027)
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    isArchived: boolean('is_archived').notNull().default(false),
    // what has gone back to the card so far, counted when a refund is claimed; never above total
    refundedTotal: numeric('refunded_total', { precision: 10, scale: 2 }).notNull().default('0'),
    // the card holder's bank disputes the charge: Stripe's dispute status (needs_response, won, lost, ...)
    disputeStatus: text('dispute_status'),
    disputeId: text('dispute_id'),
    // an unpaid order gives its stock and coupon use back at this time
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // who opened the payment: quotas on open orders per client address and per cart
    clientIp: text('client_ip'),
    cartToken: text('cart_token'),
    // the last time a status check asked the provider: at most once per interval, across instances
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_id_idx').on(table.userId),
    // the reports' roll-up finds the orders changed since its last run (decision 051)
    index('orders_updated_at_idx').on(table.updatedAt),
    index('orders_archived_created_idx').on(table.isArchived, table.createdAt),
    index('orders_open_expires_idx')
      .on(table.expiresAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
    // the open checkouts a payment's quota counts: its address's, and its network's by a range of the address
    // keys in byte order, which a prefix is (place-order.ts; issue 35: a scan of every open checkout before)
    index('orders_open_client_key_idx')
      .on(sql`(${table.clientIp} collate "C")`)
      .where(sql`${table.paymentStatus} = 'pending'`),
    index('orders_cart_token_idx').on(table.cartToken),
    index('orders_disputed_idx')
      .on(table.createdAt)
      .where(sql`${table.disputeStatus} is not null`),
    // the admin's list by status, newest first, and its count, without reading every order (decision 070)
    index('orders_archived_status_created_idx').on(table.isArchived, table.status, table.createdAt),
    // the admin's search: a part of the customer's name or e-mail, any case (pg_trgm, migration 0003)
    index('orders_customer_name_trgm_idx').using('gin', table.customerName.op('gin_trgm_ops')),
    index('orders_customer_email_trgm_idx').using('gin', table.customerEmail.op('gin_trgm_ops')),
    // a shopper's orders since a moment, by address in any case: the checkout reminders' run every minute asks it
    // for each reminded or due checkout (send-reminders.ts), which read every order on a grown shop before
    index('orders_customer_email_lower_created_idx').on(sql`lower(${table.customerEmail})`, table.createdAt),
    // the admin's unpaid checkouts newest first, and their count, by this index alone (decision 076): status and
    // payment state are in it for the late-paid test, so the count never reads the orders themselves
    index('orders_unpaid_checkout_idx')
      .on(table.isArchived, table.createdAt, table.id, table.status, table.paymentStatus)
      .where(sql.raw(`payment_status in (${UNPAID_OR_REFUNDED.map((state) => `'${state}'`).join(', ')})`)),
  ],
);

/** Every lifecycle step of an order, with who took it: the order's history. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // a lifecycle step's name ("pay", "decline", "refund_partial", ...) or a record beside the lifecycle:
    // "note" (the owner's, private), "email", "dispute_opened", "dispute_closed"
    event: text('event').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    fromPaymentStatus: text('from_payment_status').notNull(),
    toPaymentStatus: text('to_payment_status').notNull(),
    // "system", "customer" or "admin:<user id>"
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_events_order_id_idx').on(table.orderId),
    // the admin's paid and unpaid lists ask which orders had a late payment refunded: a few among millions of events
    index('order_events_late_payment_refund_idx')
      .on(table.orderId)
      .where(sql`${table.event} = 'refund_late_payment'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    // kept so order history reads right after a product is renamed or removed
    productName: text('product_name').notNull(),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    // the variant as sold: its SKU and option values ("16 mm / 4 1/4 in"), null for a product without options
    sku: text('sku'),
    variantName: text('variant_name'),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    // the line's share of the order's discount_total and of its goods' tax, all units together, fixed when
    // the order was placed (src/common/refund-allocation.ts): a refund of its units gives back what they cost
    discountAllocated: numeric('discount_allocated', { precision: 10, scale: 2 }).notNull().default('0'),
    taxAllocated: numeric('tax_allocated', { precision: 10, scale: 2 }).notNull().default('0'),
    // units of this line refunded so far: a unit is refunded once (a conditional update keeps it <= quantity)
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    // units of this line in the order's shipments (decision 050): a conditional update keeps it <= quantity - refunded_quantity
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
  },
  // order_items_product_id_idx: the paid orders holding a product, for its "frequently bought together" (decision 068)
  (table) => [index('order_items_order_id_idx').on(table.orderId), index('order_items_product_id_idx').on(table.productId)],
);

export const refundStates = ['pending', 'succeeded'] as const;

/** One line of a refund: which order line, how many units, and whether they went back on the shelf. */
/** What one refund gives back on one gift card that paid the order (decision 072). */
export interface GiftCardRefundPart {
  giftCardId: number;
  last4: string;
  cents: number;
}

export interface RefundLine {
  itemId: number;
  quantity: number;
  restock: boolean;
}

/**
 * Money given back on a paid order. A refund is claimed first (pending: counted in the order's
 * refunded_total and its lines' refunded_quantity), then made at the provider, then marked
 * succeeded; a provider failure deletes the claim. Refunds made in the Stripe dashboard arrive by
 * webhook and are recorded succeeded at once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    // this refund gave the shipping (and its tax) back: once per order, checked under the order's row lock
    shipping: boolean('shipping').notNull().default(false),
    // the admin form's request id: a double submit finds the first refund instead of making a second
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id').unique(),
    state: text('state', { enum: refundStates }).notNull().default('pending'),
    // the part that goes back on the gift cards that paid the order (decision 072), decided with the claim;
    // the card payment is asked for the rest
    giftCardParts: jsonb('gift_card_parts').$type<GiftCardRefundPart[]>().notNull().default([]),
    // "admin:<id>" for the shop's refunds, "provider" for one made in the Stripe dashboard
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refunds_order_id_idx').on(table.orderId)],
);

/** Stock taken from a variant (and its product's total) when its payment was created; given back unless committed. */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    state: text('state', { enum: reservationStates }).notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stock_reservations_order_id_idx').on(table.orderId), index('stock_reservations_state_expires_idx').on(table.state, table.expiresAt)],
);

/** A coupon use taken when its payment was created; given back unless committed. */
export const couponReservations = pgTable(
  'coupon_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    // the customer whose per-customer use this holds (coupon_customer_uses), given back with it; null: no per-customer limit
    customerKey: text('customer_key'),
    state: text('state', { enum: reservationStates }).notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('coupon_reservations_state_expires_idx').on(table.state, table.expiresAt)],
);
