import { date, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The owner's synonyms (decision 054): a shopper's word and the words the shop uses for it ("racket" ->
 * "paddle"). A search for the term finds what its meanings find, as well as what the term itself finds.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    // one word, lowercase: what the shopper types
    term: text('term').notNull(),
    // one to three words each, lowercase
    meanings: text('meanings').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('search_synonyms_term_idx').on(table.term)],
);

/**
 * What shoppers searched for, counted per day (UTC) and normalised text: how often, and how often it
 * found nothing. Nothing about who searched is kept.
 */
export const searchTermDays = pgTable(
  'search_term_days',
  {
    day: date('day').notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.term] })],
);
