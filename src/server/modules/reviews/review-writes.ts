import { and, count, eq, sql } from 'drizzle-orm';
import { HELPFUL_VOTES_PER_HOUR, MAX_REVIEW_PHOTOS, type OwnReview, type ReviewInput, type ReviewStatus } from '#common/schemas/reviews.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { reviewPhotos, reviews, reviewVotes, siteSettings } from '#server/db/schema.ts';
import { conflict, invalidInput, notAllowed, notFound, quotaExceeded } from '#server/errors/domain-errors.ts';
import { countHit } from '#server/http/rate-limit-store.ts';
import { releaseImage, saveWithImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import { refreshProductRating } from './product-rating.ts';
import { assertProductOnSale, ownReviewById, REVIEW_NOT_FOUND } from './review-reads.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

export const ALREADY_REVIEWED = 'You have already reviewed this product; edit your review instead.';
const REVIEW_CHANGED = 'This review changed meanwhile. Please reload and try again.';
const VOTE_WINDOW_MS = 60 * 60 * 1000;

/** The site setting "hold reviews for moderation" (on unless the owner turned it off). */
export async function holdsReviews(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ hold: siteSettings.holdReviewsForModeration }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.hold ?? true;
}

/**
 * A customer's one review of a product: held for the owner when the shop holds reviews, else published
 * at once (and counted in the product's rating in the same transaction). A second one is a 409; the
 * page edits the first instead.
 */
export async function createReview(db: Database, productId: number, userId: number, input: ReviewInput): Promise<OwnReview> {
  await assertProductOnSale(db, productId);
  await db.transaction(async (tx) => {
    const status: ReviewStatus = (await holdsReviews(tx)) ? 'pending' : 'published';
    const [created] = await tx
      .insert(reviews)
      .values({ productId, userId, ...input, status })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!created) throw conflict(ALREADY_REVIEWED);
    if (status === 'published') await refreshProductRating(tx, productId);
  });
  const review = await findOwn(db, productId, userId);
  return review;
}

async function findOwn(db: Database, productId: number, userId: number): Promise<OwnReview> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return ownReviewById(db, row!.id, userId);
}

/**
 * After its author changes a review: back to the owner's queue while the shop holds reviews (the
 * owner published other words); a hidden review stays hidden.
 */
function statusAfterEdit(before: ReviewStatus, hold: boolean): ReviewStatus {
  if (before === 'hidden') return 'hidden';
  return hold ? 'pending' : 'published';
}

/**
 * Runs a change to the author's own review as one conditional update naming the state it leaves,
 * and keeps the product's rating when the review enters or leaves "published".
 */
async function changeOwnReview(
  db: Database,
  reviewId: number,
  userId: number,
  change: (tx: Transaction, next: ReviewStatus) => Promise<void>,
  setFields: Partial<typeof reviews.$inferInsert> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: reviews.status, productId: reviews.productId })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
    if (!current) throw notFound(REVIEW_NOT_FOUND);
    const next = statusAfterEdit(current.status, await holdsReviews(tx));
    const updated = await tx
      .update(reviews)
      .set({ ...setFields, status: next, updatedAt: new Date() })
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId), eq(reviews.status, current.status)))
      .returning({ id: reviews.id });
    if (updated.length === 0) throw conflict(REVIEW_CHANGED);
    await change(tx, next);
    if (current.status === 'published' || next === 'published') await refreshProductRating(tx, current.productId);
  });
}

/** PUT /api/reviews/:id: only its author; anyone else's review is a 404. */
export async function editReview(db: Database, reviewId: number, userId: number, input: ReviewInput): Promise<OwnReview> {
  await changeOwnReview(db, reviewId, userId, async () => {}, input);
  return ownReviewById(db, reviewId, userId);
}

/** A photo through the admin's upload checks (5 MB, really an image, re-encoded without metadata); at most four. */
export async function addReviewPhoto(db: Database, images: ImageStore, reviewId: number, userId: number, image: Buffer | null): Promise<OwnReview> {
  if (!image) throw invalidInput('Choose a photo to upload');
  const [own] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
  if (!own) throw notFound(REVIEW_NOT_FOUND);
  await saveWithImage(images, image, 'review', async (url) => {
    await changeOwnReview(db, reviewId, userId, async (tx) => {
      // the conditional update above locked the review row: two uploads at once count one after the other
      const [{ photos } = { photos: 0 }] = await tx.select({ photos: count() }).from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId));
      if (Number(photos) >= MAX_REVIEW_PHOTOS) throw conflict(`A review has at most ${MAX_REVIEW_PHOTOS} photos`);
      await tx.insert(reviewPhotos).values({ reviewId, url: url!, position: Number(photos) });
    });
  });
  return ownReviewById(db, reviewId, userId);
}

export async function deleteReviewPhoto(db: Database, images: ImageStore, reviewId: number, photoId: number, userId: number): Promise<OwnReview> {
  const [photo] = await db
    .select({ url: reviewPhotos.url })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.reviewId, reviewId), eq(reviews.userId, userId)));
  if (!photo) throw notFound('Photo not found');
  await db.delete(reviewPhotos).where(eq(reviewPhotos.id, photoId));
  await releaseImage(db, images, photo.url);
  return ownReviewById(db, reviewId, userId);
}

/**
 * "Was this helpful?": one vote per signed-in person (unique index: a second is a 409), never on one's
 * own review (403), only on published reviews, and at most HELPFUL_VOTES_PER_HOUR attempts an hour (429).
 */
export async function voteHelpful(db: Database, reviewId: number, userId: number): Promise<{ helpfulCount: number }> {
  const hits = await countHit(db, `review-vote ${userId}`, VOTE_WINDOW_MS);
  if (hits.current > HELPFUL_VOTES_PER_HOUR) throw quotaExceeded('Too many votes, please try again later');
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: reviews.userId })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, 'published')));
    if (!review) throw notFound(REVIEW_NOT_FOUND);
    if (review.userId === userId) throw notAllowed('You cannot vote for your own review');
    const [vote] = await tx.insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing().returning({ reviewId: reviewVotes.reviewId });
    if (!vote) throw conflict('You have already voted for this review');
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return { helpfulCount: updated!.helpfulCount };
  });
}
