import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productVariants } from './catalog.ts';

/**
 * A signed-in shopper's wishlist (docs/decisions/062): one row per customer and variant, so adding twice
 * is one row and a sold-out variant can offer its back-in-stock sign-up. A deleted account or variant
 * takes its rows with it; a guest's list stays in the browser until sign-in merges it here.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.variantId] }), index('wishlist_items_variant_idx').on(table.variantId)],
);
