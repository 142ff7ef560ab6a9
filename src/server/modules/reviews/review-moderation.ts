import { and, eq, inArray } from 'drizzle-orm';
import type { AdminReview, OwnerReplyInput, ReviewSettings, ReviewStatus } from '#common/schemas/reviews.ts';
import type { Database } from '#server/db/client.ts';
import { products, reviews, users } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { saveReviewModeration } from '#server/modules/content/content-service.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { sendReviewReplyEmail } from '#server/modules/mail/review-mail-service.ts';
import { refreshProductRating } from './product-rating.ts';
import { adminReviewById, REVIEW_NOT_FOUND } from './review-reads.ts';
import { authorName } from './review-views.ts';
import { holdsReviews } from './review-writes.ts';

/** The states each moderation step may leave: a step on a review already there is a 409. */
const MOVES = {
  published: ['pending', 'hidden'],
  hidden: ['pending', 'published'],
} as const satisfies Record<string, readonly ReviewStatus[]>;

/**
 * Publish or hide: one conditional update naming the states it leaves, and the product's rating
 * rewritten in the same transaction.
 */
export async function moderateReview(db: Database, reviewId: number, to: keyof typeof MOVES): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(reviews)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(reviews.id, reviewId), inArray(reviews.status, [...MOVES[to]])))
      .returning({ productId: reviews.productId });
    if (!moved) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
      if (!exists) throw notFound(REVIEW_NOT_FOUND);
      throw conflict(`This review is already ${to}`);
    }
    await refreshProductRating(tx, moved.productId);
  });
  return adminReviewById(db, reviewId);
}

/**
 * The owner's reply, shown under the review; an empty reply removes it. A new or changed reply is
 * e-mailed to the author (after the save: a slow mail server never loses the reply).
 */
export async function replyToReview(
  db: Database,
  mail: MailService,
  reviewId: number,
  input: OwnerReplyInput,
  productUrl: (productId: number) => string,
): Promise<AdminReview> {
  const [before] = await db
    .select({
      reply: reviews.ownerReply,
      productId: reviews.productId,
      title: reviews.title,
      email: users.email,
      username: users.username,
      fullName: users.fullName,
      productName: products.name,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, reviewId));
  if (!before) throw notFound(REVIEW_NOT_FOUND);
  const [saved] = await db
    .update(reviews)
    .set({ ownerReply: input.reply, ownerRepliedAt: input.reply === null ? null : new Date() })
    .where(eq(reviews.id, reviewId))
    .returning({ id: reviews.id });
  if (!saved) throw notFound(REVIEW_NOT_FOUND);
  if (input.reply !== null && input.reply !== before.reply && before.email) {
    await sendReviewReplyEmail(mail, db, before.email, {
      greetingName: before.fullName?.trim() || authorName(before.username, null),
      productName: before.productName,
      reviewTitle: before.title,
      reply: input.reply,
      productUrl: productUrl(before.productId),
    });
  }
  return adminReviewById(db, reviewId);
}

export async function readReviewSettings(db: Database): Promise<ReviewSettings> {
  return { holdForModeration: await holdsReviews(db) };
}

export async function saveReviewSettings(db: Database, input: ReviewSettings): Promise<ReviewSettings> {
  await saveReviewModeration(db, input.holdForModeration);
  return readReviewSettings(db);
}
