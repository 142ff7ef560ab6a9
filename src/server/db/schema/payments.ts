import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Provider events already handled: a redelivered event id is acknowledged and ignored. */
export const processedPaymentEvents = pgTable('processed_payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
