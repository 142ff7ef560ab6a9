import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productVariants } from './catalog.ts';

export const stockAlertStatuses = ['unconfirmed', 'pending', 'notified', 'unsubscribed'] as const;

/**
 * Back-in-stock sign-ups, one per e-mail and variant. A guest's starts 'unconfirmed' until the
 * confirmation link is opened (double opt-in); a signed-in customer's starts 'pending'. A restock
 * moves the earliest pending ones to 'notified', each once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    // stored lowercase: people type e-mails in any case
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: stockAlertStatuses }).notNull().default('unconfirmed'),
    // the place in the queue: a sign-up made again after an unsubscribe goes to the end
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stock_alerts_variant_email_idx').on(table.variantId, table.email),
    index('stock_alerts_waiting_idx').on(table.variantId, table.status, table.signedUpAt),
  ],
);
