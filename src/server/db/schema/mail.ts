import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Every e-mail the shop sends; when SMTP is not configured this is where they stay ('stored').
 * With SMTP a row is 'queued' until the e-mail queue's worker sends it ('sent') or gives up ('failed', decision 022).
 */
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
    /** extra headers (List-Unsubscribe on alert e-mails) */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['stored', 'queued', 'sent', 'failed'] })
      .notNull()
      .default('stored'),
    /** the last send's error */
    error: text('error'),
    /** sends tried so far */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('email_outbox_created_idx').on(table.createdAt), index('email_outbox_order_id_idx').on(table.orderId)],
);

/**
 * The owner's wording of one e-mail (decision 060): its subject and text blocks as Liquid sources, keyed by the
 * template's name ("order-shipped"). A template without a row is sent with its default wording; "reset to
 * default" deletes the row.
 */
export const emailTemplates = pgTable('email_templates', {
  key: text('key').primaryKey(),
  /** block name ("subject", "heading", "intro", ...) to its Liquid source */
  blocks: jsonb('blocks').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
