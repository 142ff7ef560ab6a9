import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/** Every e-mail the shop sends; when SMTP is not configured this is where they stay. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    // the order an order e-mail is about: the order's timeline lists what was sent
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['stored', 'sent', 'failed'] })
      .notNull()
      .default('stored'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('email_outbox_created_idx').on(table.createdAt), index('email_outbox_order_id_idx').on(table.orderId)],
);
