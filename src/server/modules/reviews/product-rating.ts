import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';

/**
 * Rewrites a product's rating_average and rating_count from its published reviews. Every step that
 * publishes, hides or edits a published review calls it in the same transaction, so the shop's
 * "Top rated" sort and the product's read models never disagree with the reviews shown.
 */
export async function refreshProductRating(db: Database | Transaction, productId: number): Promise<void> {
  await db.execute(sql`
    update products p set
      rating_count = r.count,
      rating_average = r.average
    from (select count(*)::int as count, round(avg(rating)::numeric, 2) as average
          from reviews where product_id = ${productId} and status = 'published') r
    where p.id = ${productId}`);
}
