import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    // stored lowercase: people type e-mails in any case
    email: text('email'),
    // what checkout prefills as the customer's name; optional, never derived from the username
    fullName: text('full_name'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    // opted in to marketing e-mail (registration or profile); off unless the customer ticks it
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    // when the current consent was given: the record a consent needs; null while not consenting
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha-256 of the cookie value: a leaked table does not leak live sessions
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    // sha-256 of the token in the e-mailed link: a leaked table does not leak usable links
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId), index('password_reset_tokens_expires_at_idx').on(table.expiresAt)],
);

export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    // sha-256 of the token in the e-mailed link, as for password resets
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // stored lowercase, as users.email; becomes the account's address when the link is opened
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_change_tokens_user_id_idx').on(table.userId), index('email_change_tokens_expires_at_idx').on(table.expiresAt)],
);
