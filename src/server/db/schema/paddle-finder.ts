import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The owner's paddle finder rules (docs/decisions/028), one row (id 1) once the owner saves them. No row:
 * the defaults in code apply, so every shop, new or old, has a working finder without a backfill.
 */
export const paddleFinderRules = pgTable('paddle_finder_rules', {
  id: integer('id').primaryKey().default(1),
  // FinderRules (src/common/schemas/paddle-finder.ts), validated on every write and read
  rules: jsonb('rules').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
