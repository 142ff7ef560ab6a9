import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Customers' saved addresses (the profile's address book; checkout offers them and may save one).
 * Text is stored as the shared schema leaves it (trimmed, spaces collapsed, the state in capitals).
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    // the US, or Canada where a shipping zone covers the province (docs/decisions/069)
    country: text('country').notNull().default('US'),
    phone: text('phone'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // at most one default per customer, whatever two requests do at once
    uniqueIndex('saved_addresses_one_default_idx')
      .on(table.userId)
      .where(sql`${table.isDefaultShipping}`),
    // one row per address and customer, letter case aside: checkout may save the same address on every order.
    // Its first column also serves the customer's list.
    uniqueIndex('saved_addresses_same_address_idx').on(
      table.userId,
      sql`lower(${table.fullName})`,
      sql`lower(${table.street})`,
      sql`lower(${table.city})`,
      table.state,
      table.zip,
      sql`coalesce(${table.phone}, '')`,
    ),
    check('saved_addresses_country', sql`${table.country} in ('US', 'CA')`),
    check('saved_addresses_state_code', sql`${table.state} ~ '^[A-Z]{2}$'`),
  ],
);
