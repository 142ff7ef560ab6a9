import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { coupons } from './coupons.ts';
import { giftCards } from './gift-cards.ts';
import { orders, refunds } from './orders.ts';

export const returnStates = ['requested', 'approved', 'rejected', 'received', 'refunding', 'refunded', 'credited'] as const;

/** One line of a return: which order line and how many units; restock is the owner's choice when they arrive. */
export interface ReturnLine {
  itemId: number;
  quantity: number;
  restock: boolean;
}

/**
 * A customer's request to send delivered units back (decision 027). It moves requested -> approved
 * -> received -> refunded | credited (or requested -> rejected), each step a conditional update
 * naming the state it leaves; the steps are recorded in order_events.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state', { enum: returnStates }).notNull().default('requested'),
    lines: jsonb('lines').$type<ReturnLine[]>().notNull(),
    // the customer's words
    reason: text('reason').notNull(),
    // the request form's id: a double submit finds the first return instead of making a second
    requestKey: text('request_key').notNull().unique(),
    // what the owner wrote when approving (how to send it back) or rejecting
    instructions: text('instructions'),
    rejectionReason: text('rejection_reason'),
    // the money or the store credit it ended in
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    // store credit from before decision 072 was a single-use coupon; since, it is a gift card
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    giftCardId: integer('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_returns_order_id_idx').on(table.orderId)],
);
