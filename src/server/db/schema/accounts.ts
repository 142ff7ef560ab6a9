import { sql } from 'drizzle-orm';
import type { StaffRole } from '#common/staff-roles.ts';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    // staff only: owner, manager, fulfilment or support (decision 052); null for customers
    role: text('role').$type<StaffRole>(),
    // the spec's admin flag is the owner's role, derived so the two can never disagree
    isAdmin: boolean('is_admin')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(role = 'owner', false)`),
    // opted in to marketing e-mail (registration or profile); off unless the customer ticks it
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    // when the current consent was given: the record a consent needs; null while not consenting
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    // base32 TOTP secret: set when enrolment starts, in force once totp_enabled_at is set (the first code confirmed)
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    // the last time step a code was accepted for: a code is good once, not for its whole 30 s window
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_role_known', sql`${table.role} in ('owner', 'manager', 'fulfilment', 'support')`),
  ],
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
    // the profile's list of sessions: when it was last used (kept to within minutes), from which browser and address
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // sha-256 of the code: shown once at enrolment, never stored readable
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

/** A password that passed for an account with two-factor sign-in: no session until its code does too. */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    // sha-256 of the token the sign-in form holds between its two steps
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('pending_logins_expires_at_idx').on(table.expiresAt)],
);

/** The shop's sign-in rules: one row (id 1), written by the owner from the admin. */
export const accountSecuritySettings = pgTable(
  'account_security_settings',
  {
    id: integer('id').primaryKey().default(1),
    requireAdminTwoFactor: boolean('require_admin_two_factor').notNull().default(false),
    // the most one refund by a support user may be, in cents (decision 052); 0 until the owner sets it
    supportRefundLimitCents: integer('support_refund_limit_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('account_security_settings_one_row', sql`${table.id} = 1`),
    check('account_security_settings_refund_limit', sql`${table.supportRefundLimitCents} >= 0`),
  ],
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
