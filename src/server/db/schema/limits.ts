import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Limits live in the database, so every instance on it enforces the same one.

/** Fixed-window request counters: one row per limit and client key. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Failed sign-ins per account name (whether or not the account exists): the per-account back-off. */
export const loginFailures = pgTable('login_failures', {
  // the lowercased username or e-mail that was tried
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets every instance must share (the session cookie's signing key), made once by whichever starts first. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Background work every instance schedules but one should do: the last time an instance took each on. */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});
