import { BadgeCheck, ThumbsUp } from 'lucide-react';
import type { PublicReview } from '#common/schemas/reviews.ts';
import { Button } from '#client/components/ui/button.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { formatDate } from '#client/lib/format.ts';
import { playerContext } from './review-labels.ts';

interface ReviewCardProps {
  review: PublicReview;
  signedIn: boolean;
  voting: boolean;
  onVote: (reviewId: number) => void;
}

/** One published review; its texts are plain text (React escapes them), line breaks kept. */
export function ReviewCard({ review, signedIn, voting, onVote }: ReviewCardProps) {
  return (
    <article className="border-b border-gray-200 py-6" aria-labelledby={`review-${review.id}-title`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} />
        <h3 id={`review-${review.id}-title`} className="font-semibold break-words text-gray-900">
          {review.title}
        </h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-gray-600">
        <span>{review.author}</span>
        <span aria-hidden="true">·</span>
        <span>{formatDate(review.createdAt, 'medium')}</span>
        {review.verifiedPurchase ? (
          <span className="inline-flex items-center gap-1 font-medium text-green-800">
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            Verified purchase
          </span>
        ) : null}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2 text-xs" aria-label="Player">
        {playerContext(review).map((item) => (
          <li key={item} className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-800">
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-gray-800">{review.body}</p>
      {review.photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url.replace(/\.webp$/, '-thumb.webp')}
                  alt={`Photo ${index + 1} from ${review.author}`}
                  loading="lazy"
                  className="h-20 w-20 rounded-md object-cover"
                  width={80}
                  height={80}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.ownerReply ? (
        <div className="mt-4 rounded-md border-l-4 border-primary bg-gray-50 p-3">
          <p className="text-sm font-semibold text-gray-900">Reply from the shop</p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-800">{review.ownerReply}</p>
        </div>
      ) : null}
      <div className="mt-3 flex items-center gap-3 text-sm text-gray-600">
        {review.helpfulCount > 0 ? (
          <span>
            {review.helpfulCount} {review.helpfulCount === 1 ? 'person' : 'people'} found this helpful
          </span>
        ) : null}
        {signedIn && !review.isOwn ? (
          <Button variant="outline" size="sm" disabled={review.votedHelpful || voting} aria-pressed={review.votedHelpful} onClick={() => onVote(review.id)}>
            <ThumbsUp className="h-4 w-4" aria-hidden="true" />
            {review.votedHelpful ? 'You found this helpful' : 'Was this helpful?'}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
