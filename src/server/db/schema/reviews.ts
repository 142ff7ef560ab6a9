import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

export const reviewStatuses = ['pending', 'published', 'hidden'] as const;
export const skillLevels = ['2.5', '3.0', '3.5', '4.0', '4.5', '5.0+'] as const;
export const playFormats = ['singles', 'doubles'] as const;
export const playStyles = ['power', 'control', 'all_court'] as const;
export const usagePeriods = ['under_a_week', '1_4_weeks', '1_6_months', 'over_6_months'] as const;

/**
 * A customer's review of a product, one per customer and product (docs/decisions/025). Only published
 * reviews count in the product row's rating_average and rating_count (kept in the same transaction).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // a deleted account takes its reviews along: they were that person's words
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    skillLevel: text('skill_level', { enum: skillLevels }).notNull(),
    playFormat: text('play_format', { enum: playFormats }).notNull(),
    playStyle: text('play_style', { enum: playStyles }).notNull(),
    usagePeriod: text('usage_period', { enum: usagePeriods }).notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    ownerReply: text('owner_reply'),
    ownerRepliedAt: timestamp('owner_replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_product_user_idx').on(table.productId, table.userId),
    index('reviews_product_status_idx').on(table.productId, table.status, table.createdAt),
    index('reviews_status_created_idx').on(table.status, table.createdAt),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/** Up to four photos a review (the service holds the limit); files under /uploads like the admin's images. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('review_photos_review_idx').on(table.reviewId)],
);

/** "Was this helpful?": one vote per signed-in person and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('review_votes_review_user_idx').on(table.reviewId, table.userId)],
);
