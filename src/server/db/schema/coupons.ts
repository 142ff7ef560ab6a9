import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    // stored uppercase: shoppers type codes in any case
    code: text('code').notNull().unique(),
    type: text('type', { enum: ['percentage', 'fixed'] }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    // 0 means unlimited
    usageLimit: integer('usage_limit').notNull().default(0),
    // counts reserved and committed uses, so the limit holds while payments are in flight
    timesUsed: integer('times_used').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('coupons_times_used_not_negative', sql`${table.timesUsed} >= 0`)],
);
