import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  type AdminReviewList,
  type AdminReviewListQuery,
  type OwnReview,
  type RatingSummary,
  type ReviewListQuery,
  type ReviewPage,
} from '#common/schemas/reviews.ts';
import type { Database } from '#server/db/client.ts';
import { products, reviews, users } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';
import { reviewColumns, toOwnReview, toPublicReview, type ReviewRow } from './review-views.ts';

const PRODUCT_NOT_FOUND = 'Product not found';
// another customer's review is simply not there for you: 404, not 403, so ids say nothing
export const REVIEW_NOT_FOUND = 'Review not found';

export async function assertProductOnSale(db: Database, productId: number): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isDeleted, false)));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
}

/** Published reviews only: the average and the count per star, 5 down to 1. */
async function ratingSummary(db: Database, productId: number): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
    .groupBy(reviews.rating);
  const byStars = new Map(rows.map((row) => [row.rating, Number(row.count)]));
  const distribution = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 }));
  const total = distribution.reduce((sum, bar) => sum + bar.count, 0);
  const points = distribution.reduce((sum, bar) => sum + bar.stars * bar.count, 0);
  return { average: total ? Math.round((points / total) * 100) / 100 : null, count: total, distribution };
}

function reviewsWith(db: Database, viewerId: number | null) {
  return db.select(reviewColumns(viewerId)).from(reviews).innerJoin(users, eq(users.id, reviews.userId));
}

/** GET /api/products/:id/reviews: the summary and one page of published reviews under the filters. */
export async function listProductReviews(db: Database, productId: number, query: ReviewListQuery, viewerId: number | null): Promise<ReviewPage> {
  await assertProductOnSale(db, productId);
  const sort = query.sort ?? 'newest';
  const conditions: SQL[] = [eq(reviews.productId, productId), eq(reviews.status, 'published')];
  if (query.rating !== undefined) conditions.push(eq(reviews.rating, query.rating));
  if (query.skill !== undefined) conditions.push(eq(reviews.skillLevel, query.skill));
  const where = and(...conditions);
  const [summary, [{ total } = { total: 0 }]] = await Promise.all([ratingSummary(db, productId), db.select({ total: count() }).from(reviews).where(where)]);
  const pageCount = Math.max(1, Math.ceil(Number(total) / REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const order = sort === 'helpful' ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];
  const rows: ReviewRow[] = await reviewsWith(db, viewerId)
    .where(where)
    .orderBy(...order)
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  return { summary, items: rows.map((row) => toPublicReview(row, viewerId)), total: Number(total), page, pageCount, sort };
}

/** The signed-in customer's review of a product, whatever its state, or null. */
export async function findOwnReview(db: Database, productId: number, userId: number): Promise<OwnReview | null> {
  const [row] = await reviewsWith(db, userId).where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row ? toOwnReview(row, userId) : null;
}

export async function ownReviewById(db: Database, reviewId: number, userId: number): Promise<OwnReview> {
  const [row] = await reviewsWith(db, userId).where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return toOwnReview(row, userId);
}

/** The admin's queue: one state, newest first, with the product's and the customer's names. */
export async function listReviewsForAdmin(db: Database, query: AdminReviewListQuery): Promise<AdminReviewList> {
  const status = query.status ?? 'pending';
  const countRows = await db.select({ status: reviews.status, count: count() }).from(reviews).groupBy(reviews.status);
  const counts = { pending: 0, published: 0, hidden: 0 };
  for (const row of countRows) counts[row.status] = Number(row.count);
  const total = counts[status];
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select({ ...reviewColumns(null), productName: products.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.status, status))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      ...toOwnReview(row, null),
      productName: row.productName,
      username: row.username,
      ownerRepliedAt: row.review.ownerRepliedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pageCount,
    status,
    counts,
  };
}

/** A review with everything the admin's queue shows, after a moderation step. */
export async function adminReviewById(db: Database, reviewId: number) {
  const list = await db
    .select({ ...reviewColumns(null), productName: products.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, reviewId));
  const row = list[0];
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return { ...toOwnReview(row, null), productName: row.productName, username: row.username, ownerRepliedAt: row.review.ownerRepliedAt?.toISOString() ?? null };
}
