import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRole } from '#common/staff-roles.ts';
import { users } from './accounts.ts';

/** The owner's invitation of someone to the staff with a role: an e-mailed, single-use, expiring link (decision 052). */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    // stored lowercase, as users.email
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    // sha-256 of the token in the e-mailed link: a leaked table does not leak usable links
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // set once, by the conditional update that accepts it: the link works one time
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('staff_invitations_token_hash_unique').on(table.tokenHash),
    index('staff_invitations_email_idx').on(table.email),
    check('staff_invitations_role_known', sql`${table.role} in ('owner', 'manager', 'fulfilment', 'support')`),
  ],
);
