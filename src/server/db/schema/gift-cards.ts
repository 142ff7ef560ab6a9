import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productVariants } from './catalog.ts';
import { orders } from './orders.ts';

export const giftCardStatuses = ['active', 'disabled'] as const;
export const giftCardSources = ['admin', 'purchase', 'store-credit'] as const;

/**
 * A gift card (decision 059). The code itself is never stored: only its SHA-256 (looked up by hash) and
 * its last four characters (so the owner and the shopper can tell cards apart). The balance is integer
 * cents and can never go below zero: every spend is `balance = balance - x where balance >= x`, and the
 * check constraint refuses anything that slips past.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    last4: text('last4').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    status: text('status', { enum: giftCardStatuses }).notNull().default('active'),
    source: text('source', { enum: giftCardSources }).notNull(),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    // the customer a store credit card belongs to
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // the order that bought it, or whose return it credits
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_cards_code_hash_idx').on(table.codeHash),
    check('gift_cards_balance_not_negative', sql`${table.balanceCents} >= 0`),
    check('gift_cards_initial_positive', sql`${table.initialCents} > 0`),
  ],
);

export const giftCardLedgerKinds = ['issue', 'hold', 'release', 'redeem', 'refund', 'adjust', 'disable', 'enable', 'store-credit'] as const;

/**
 * Every change of a card, append-only, with the balance it left: issue, hold (taken at checkout),
 * release (given back when a checkout is declined or expires), redeem (a hold committed when paid, 0 cents:
 * the money already left at the hold), refund (given back by a refund), adjust (the owner, with a reason),
 * disable and enable, and store-credit (a card issued for a return, decision 072).
 */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: giftCardLedgerKinds }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gift_card_ledger_card_idx').on(table.giftCardId, table.id)],
);

export const giftCardHoldStates = ['held', 'committed', 'released'] as const;

/**
 * What a checkout took from a card: held when the order is placed, committed when it is paid, released
 * (back on the card) when it is declined or expires. One row per card and order; each step a conditional
 * update naming the state it leaves, so a hold is given back or committed exactly once.
 */
export const giftCardHolds = pgTable(
  'gift_card_holds',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    // how much of a committed hold a refund gave back to the card
    refundedCents: integer('refunded_cents').notNull().default(0),
    state: text('state', { enum: giftCardHoldStates }).notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_card_holds_card_order_idx').on(table.giftCardId, table.orderId),
    index('gift_card_holds_order_idx').on(table.orderId),
    check('gift_card_holds_amount_positive', sql`${table.amountCents} > 0`),
    check('gift_card_holds_refunded_in_range', sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`),
  ],
);

export const giftCardDeliveryStates = ['awaiting_payment', 'scheduled', 'sent', 'cancelled'] as const;

/**
 * A gift card bought in an order (decision 066), one row per unit: who it is for, the message and the day it is
 * e-mailed. Written with the order (awaiting payment); the paid step makes it scheduled, once; on its day the
 * card is issued and e-mailed in one transaction that moves it to sent, so the code exists only in that e-mail.
 * Each step is a conditional update naming the state it leaves; (order, position) is unique.
 */
export const giftCardDeliveries = pgTable(
  'gift_card_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // the unit's place in the order (0, 1, ...): a repeated write of the same order collides on it
    position: integer('position').notNull(),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message'),
    senderName: text('sender_name').notNull(),
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    state: text('state', { enum: giftCardDeliveryStates }).notNull().default('awaiting_payment'),
    giftCardId: integer('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gift_card_deliveries_order_position_idx').on(table.orderId, table.position),
    uniqueIndex('gift_card_deliveries_card_idx').on(table.giftCardId),
    index('gift_card_deliveries_due_idx')
      .on(table.deliverOn)
      .where(sql`${table.state} = 'scheduled'`),
    check('gift_card_deliveries_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
