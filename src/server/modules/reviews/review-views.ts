import { sql } from 'drizzle-orm';
import type { OwnReview, PublicReview, ReviewPhoto, ReviewStatus } from '#common/schemas/reviews.ts';
import { reviews, users } from '#server/db/schema.ts';

/** The columns every view of a review is built from; `viewerId` decides votedHelpful and isOwn. */
export function reviewColumns(viewerId: number | null) {
  return {
    review: reviews,
    username: users.username,
    fullName: users.fullName,
    // read, not stored: a later refund or cancellation takes the badge away
    verifiedPurchase: sql<boolean>`exists(
      select 1 from orders o join order_items oi on oi.order_id = o.id
      where o.user_id = ${reviews.userId} and oi.product_id = ${reviews.productId}
        and o.payment_status = 'succeeded' and o.status <> 'cancelled')`,
    votedHelpful:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists(select 1 from review_votes rv where rv.review_id = ${reviews.id} and rv.user_id = ${viewerId})`,
    photos: sql<ReviewPhoto[]>`coalesce((
      select json_agg(json_build_object('id', rp.id, 'url', rp.url) order by rp.position, rp.id)
      from review_photos rp where rp.review_id = ${reviews.id}), '[]'::json)`,
  };
}

export interface ReviewRow {
  review: typeof reviews.$inferSelect;
  username: string;
  fullName: string | null;
  verifiedPurchase: boolean;
  votedHelpful: boolean;
  photos: ReviewPhoto[];
}

/** "Pat Smith" -> "Pat S."; without a saved name, the username. */
export function authorName(username: string, fullName: string | null): string {
  const words = fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return username;
  const last = words.length > 1 ? ` ${words[words.length - 1]!.charAt(0).toUpperCase()}.` : '';
  return `${words[0]}${last}`;
}

export function toPublicReview(row: ReviewRow, viewerId: number | null): PublicReview {
  const { review } = row;
  return {
    id: review.id,
    author: authorName(row.username, row.fullName),
    rating: review.rating,
    title: review.title,
    body: review.body,
    skillLevel: review.skillLevel,
    playFormat: review.playFormat,
    playStyle: review.playStyle,
    usagePeriod: review.usagePeriod,
    // PGlite and node-postgres both answer booleans, but a driver may answer 't'
    verifiedPurchase: row.verifiedPurchase === true || (row.verifiedPurchase as unknown) === 't',
    helpfulCount: review.helpfulCount,
    votedHelpful: row.votedHelpful === true || (row.votedHelpful as unknown) === 't',
    isOwn: viewerId === review.userId,
    ownerReply: review.ownerReply,
    photos: row.photos,
    createdAt: review.createdAt.toISOString(),
  };
}

export function toOwnReview(row: ReviewRow, viewerId: number | null): OwnReview {
  return { ...toPublicReview(row, viewerId), status: row.review.status as ReviewStatus, productId: row.review.productId };
}
