import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Which lines a discount looks at: empty lists mean every line (decision 058). */
export interface DiscountScope {
  productIds?: number[];
  variantIds?: number[];
  productTypeIds?: number[];
  brandIds?: number[];
}

/** A quantity break: at least minQuantity eligible units take percent off them all. */
export interface QuantityBreak {
  minQuantity: number;
  percent: number;
}

/** Buy buyQuantity units of `buy`, get getQuantity units of `get` at percent off (100: free), the cheapest first. */
export interface BuyXGetY {
  buyQuantity: number;
  buy: DiscountScope;
  getQuantity: number;
  get: DiscountScope;
  percent: number;
}

/**
 * A discount (decision 058): a code the shopper types (kind "code", the coupons the shop always had)
 * or an automatic one (no code). The table keeps its name so existing coupons, store credits and
 * their reservations stay as they are.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['code', 'automatic'] })
      .notNull()
      .default('code'),
    // stored uppercase: shoppers type codes in any case. An automatic discount has a drawn one
    // ("AUTO-..."), never accepted as a typed code, so every row keeps its name in reports and orders
    code: text('code').notNull().unique(),
    // what the cart says the saving is for ("Balls 36+"); empty: the code
    title: text('title').notNull().default(''),
    type: text('type', { enum: ['percentage', 'fixed', 'free_shipping'] }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    // 0 means unlimited
    usageLimit: integer('usage_limit').notNull().default(0),
    // counts reserved and committed uses, so the limit holds while payments are in flight
    timesUsed: integer('times_used').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    minSubtotal: numeric('min_subtotal', { precision: 10, scale: 2 }),
    minQuantity: integer('min_quantity').notNull().default(0),
    appliesTo: jsonb('applies_to').$type<DiscountScope>().notNull().default({}),
    quantityBreaks: jsonb('quantity_breaks').$type<QuantityBreak[]>().notNull().default([]),
    buyXGetY: jsonb('buy_x_get_y').$type<BuyXGetY>(),
    // uses per customer (by e-mail); 0 means unlimited, 1 is "once per customer"
    perCustomerLimit: integer('per_customer_limit').notNull().default(0),
    // an automatic discount the owner lets apply together with a code
    combinesWithCodes: boolean('combines_with_codes').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('coupons_times_used_not_negative', sql`${table.timesUsed} >= 0`)],
);

/**
 * A customer's held and committed uses of a code with a per-customer limit. The row is made before the
 * order statement and locked by it, so two checkouts of the same customer at once count one after the other.
 */
export const couponCustomerUses = pgTable(
  'coupon_customer_uses',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    // the order's e-mail address, lowercase
    customerKey: text('customer_key').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.couponId, table.customerKey] }), check('coupon_customer_uses_not_negative', sql`${table.uses} >= 0`)],
);
