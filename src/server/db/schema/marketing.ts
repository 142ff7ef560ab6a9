import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

export const newsletterStatuses = ['unconfirmed', 'subscribed', 'unsubscribed'] as const;
export const newsletterSources = ['footer', 'account', 'checkout', 'registration'] as const;

/**
 * The newsletter list, one row per address (decision 056). A sign-up is 'unconfirmed' until its
 * confirmation link is opened (double opt-in); only 'subscribed' addresses get marketing e-mail.
 * The evidence of consent is the source, the wording shown and the time the link was opened: no IP.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    // stored lowercase: people type e-mails in any case
    email: text('email').notNull(),
    status: text('status', { enum: newsletterStatuses }).notNull().default('unconfirmed'),
    source: text('source', { enum: newsletterSources }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // signs the confirmation link and is cleared when it is used: the link works once
    confirmNonce: text('confirm_nonce'),
    // the sentence the shopper agreed to, as shown where they signed up
    consentText: text('consent_text').notNull(),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_idx').on(table.email), index('newsletter_subscribers_status_idx').on(table.status, table.signedUpAt)],
);

/** The owner's abandoned-checkout reminders: one row, the defaults until the owner saves. */
export const checkoutRecoverySettings = pgTable('checkout_recovery_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(false),
  firstDelayMinutes: integer('first_delay_minutes').notNull().default(60),
  secondEnabled: boolean('second_enabled').notNull().default(false),
  secondDelayMinutes: integer('second_delay_minutes').notNull().default(1440),
  // only addresses on the newsletter (confirmed) get a reminder
  requireConsent: boolean('require_consent').notNull().default(true),
  subject: text('subject').notNull().default('You left something in your cart'),
  message: text('message').notNull().default('Your cart is waiting for you. Pick up where you left off: the link below puts everything back in it.'),
});

export const checkoutRecoveryStatuses = ['sent', 'stopped', 'recovered'] as const;

/**
 * One row per unpaid checkout that got a reminder: inserted when the first is sent, so the insert
 * is the claim (two instances cannot both send). `recoveredOrderId` is the paid order that followed.
 */
export const checkoutRecoveries = pgTable(
  'checkout_recoveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: checkoutRecoveryStatuses }).notNull().default('sent'),
    remindersSent: integer('reminders_sent').notNull().default(1),
    firstSentAt: timestamp('first_sent_at', { withTimezone: true }).notNull().defaultNow(),
    secondSentAt: timestamp('second_sent_at', { withTimezone: true }),
    recoveredOrderId: integer('recovered_order_id').references(() => orders.id, { onDelete: 'set null' }),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('checkout_recoveries_order_idx').on(table.orderId), index('checkout_recoveries_email_idx').on(table.email, table.status)],
);
