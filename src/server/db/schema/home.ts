import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { HomeSection } from '#common/schemas/home.ts';

/**
 * The home page's sections in order (decision 061): one row, the shop's, saved whole. version counts the
 * saves: a save names the version it was made from and is refused when another save came between.
 */
export const homePage = pgTable('home_page', {
  id: integer('id').primaryKey().default(1),
  sections: jsonb('sections').$type<HomeSection[]>().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
