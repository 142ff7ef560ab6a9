import { useState } from 'react';
import { Link } from 'wouter';
import { REVIEW_STATUSES, SKILL_LEVELS, type OwnReview, type ReviewSort } from '#common/schemas/reviews.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { useMyReview } from '../api/get-my-review.ts';
import { useProductReviews, type ReviewFilters } from '../api/get-product-reviews.ts';
import { useVoteHelpful } from '../api/vote-helpful.ts';
import { RatingSummary } from './rating-summary.tsx';
import { ReviewCard } from './review-card.tsx';
import { ReviewForm } from './review-form.tsx';

const STATUS_NOTES: Record<(typeof REVIEW_STATUSES)[number], string> = {
  pending: 'Thank you! Your review will appear once the shop has checked it.',
  published: 'Your review is published.',
  hidden: 'The shop has hidden your review.',
};

/**
 * The product page's reviews section (its own lazy chunk, read when it nears the screen): the summary,
 * filters by star and skill level, sort, pages, helpful votes, and the signed-in customer's own review.
 */
export default function ProductReviews({ productId, productName }: { productId: number; productName: string }) {
  const [filters, setFilters] = useState<ReviewFilters>({ sort: 'newest', rating: null, skill: null, page: 1 });
  const { user } = useCurrentUser();
  const reviews = useProductReviews(productId, filters);
  const mine = useMyReview(productId, user !== null);
  const vote = useVoteHelpful(productId);
  const [writing, setWriting] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const own: OwnReview | null = mine.data?.review ?? null;
  const change = (next: Partial<ReviewFilters>) => setFilters({ ...filters, page: 1, ...next });

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 border-t border-gray-200 pt-8">
      <h2 id="reviews-heading" className="text-2xl font-bold text-gray-900">
        Player reviews
      </h2>
      {reviews.error && !reviews.data ? (
        <div className="mt-4">
          <LoadError title="We couldn't load the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
        </div>
      ) : !reviews.data ? (
        <Spinner className="min-h-32" />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[20rem_1fr]">
          <div className="grid content-start gap-4">
            <RatingSummary summary={reviews.data.summary} rating={filters.rating} onRating={(rating) => change({ rating })} />
            {user === null ? (
              <p className="text-sm text-gray-700">
                <Link
                  href={`/auth?returnTo=${encodeURIComponent(`/products/${productId}#reviews`)}`}
                  className="inline-flex min-h-11 items-center font-medium text-link underline md:min-h-0"
                >
                  Sign in to write a review
                </Link>
              </p>
            ) : writing ? null : (
              <div className="grid gap-2">
                {own ? <p className="text-sm text-gray-700">{savedNote ?? STATUS_NOTES[own.status]}</p> : null}
                <Button variant={own ? 'outline' : 'default'} onClick={() => setWriting(true)} disabled={mine.isLoading}>
                  {own ? 'Edit your review' : 'Write a review'}
                </Button>
              </div>
            )}
          </div>
          <div>
            {writing ? (
              <div className="mb-6">
                <h3 className="mb-3 text-lg font-semibold text-gray-900">{own ? 'Edit your review' : `Review ${productName}`}</h3>
                <ReviewForm
                  productId={productId}
                  existing={own}
                  onDone={(saved) => {
                    setWriting(false);
                    setSavedNote(STATUS_NOTES[saved.status]);
                  }}
                />
                <button type="button" className="mt-2 text-sm text-gray-700 underline" onClick={() => setWriting(false)}>
                  Cancel
                </button>
              </div>
            ) : null}
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm text-gray-800">
                Skill level
                <Select value={filters.skill ?? ''} onChange={(event) => change({ skill: event.target.value || null })} className="w-40">
                  <option value="">All levels</option>
                  {SKILL_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </Select>
              </label>
              <label className="grid gap-1 text-sm text-gray-800">
                Rating
                <Select
                  value={filters.rating ?? ''}
                  onChange={(event) => change({ rating: event.target.value ? Number(event.target.value) : null })}
                  className="w-36"
                >
                  <option value="">All ratings</option>
                  {[5, 4, 3, 2, 1].map((stars) => (
                    <option key={stars} value={stars}>
                      {stars} {stars === 1 ? 'star' : 'stars'}
                    </option>
                  ))}
                </Select>
              </label>
              <label className="grid gap-1 text-sm text-gray-800">
                Sort by
                <Select value={filters.sort} onChange={(event) => change({ sort: event.target.value as ReviewSort })} className="w-44">
                  <option value="newest">Newest</option>
                  <option value="helpful">Most helpful</option>
                </Select>
              </label>
            </div>
            <p className="mt-4 text-sm text-gray-600" aria-live="polite">
              {reviews.data.total} {reviews.data.total === 1 ? 'review' : 'reviews'}
              {filters.rating || filters.skill ? ' match these filters' : ''}
            </p>
            <div>
              {reviews.data.items.map((review) => (
                <ReviewCard key={review.id} review={review} signedIn={user !== null} voting={vote.isPending} onVote={(id) => vote.mutate(id)} />
              ))}
            </div>
            {reviews.data.pageCount > 1 ? (
              <nav aria-label="Review pages" className="mt-4 flex items-center gap-3">
                <button
                  type="button"
                  className={buttonClasses('outline', 'sm')}
                  disabled={reviews.data.page <= 1}
                  onClick={() => setFilters({ ...filters, page: reviews.data.page - 1 })}
                >
                  Previous
                </button>
                <span className="text-sm text-gray-700">
                  Page {reviews.data.page} of {reviews.data.pageCount}
                </span>
                <button
                  type="button"
                  className={buttonClasses('outline', 'sm')}
                  disabled={reviews.data.page >= reviews.data.pageCount}
                  onClick={() => setFilters({ ...filters, page: reviews.data.page + 1 })}
                >
                  Next
                </button>
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
