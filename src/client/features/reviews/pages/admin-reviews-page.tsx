import { useState } from 'react';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'wouter';
import { REVIEW_STATUSES, OWNER_REPLY_MAX, type AdminReview, type ReviewStatus } from '#common/schemas/reviews.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { formatDate } from '#client/lib/format.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useAdminReviews, useModerateReview, useReplyToReview, useReviewSettings, useSaveReviewSettings } from '../api/admin-reviews.ts';
import { playerContext } from '../components/review-labels.ts';

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Pending', published: 'Published', hidden: 'Hidden' };

function HoldSetting() {
  const settings = useReviewSettings();
  const save = useSaveReviewSettings();
  if (!settings.data) return null;
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id="hold-reviews"
        checked={settings.data.holdForModeration}
        disabled={save.isPending}
        onCheckedChange={(checked) => save.mutate({ holdForModeration: checked === true })}
      />
      <div>
        <Label htmlFor="hold-reviews">Hold reviews for moderation</Label>
        <p className="text-sm text-gray-600">New and edited reviews wait here until you publish them. Off: they appear as written.</p>
      </div>
    </div>
  );
}

function ReplyForm({ review }: { review: AdminReview }) {
  const [reply, setReply] = useState(review.ownerReply ?? '');
  const save = useReplyToReview();
  const id = `reply-${review.id}`;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: review.id, reply });
      }}
    >
      <Label htmlFor={id}>Your reply (shown under the review and e-mailed to the customer)</Label>
      <Textarea id={id} value={reply} onChange={(event) => setReply(event.target.value)} rows={2} maxLength={OWNER_REPLY_MAX} />
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={save.isPending}>
          {review.ownerReply ? 'Update reply' : 'Reply'}
        </Button>
      </div>
    </form>
  );
}

function QueueItem({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  return (
    <li>
      <Card>
        <CardContent className="grid gap-3 p-4 pt-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StarRating value={review.rating} />
            <h2 className="font-semibold break-words text-gray-900">{review.title}</h2>
          </div>
          <p className="text-sm text-gray-600">
            <Link href={`/products/${review.productId}`} className="font-medium text-link underline">
              {review.productName}
            </Link>{' '}
            · {review.username} · {formatDate(review.createdAt, 'medium')}
            {review.verifiedPurchase ? (
              <span className="ml-2 inline-flex items-center gap-1 font-medium text-green-800">
                <BadgeCheck className="h-4 w-4" aria-hidden="true" />
                Verified purchase
              </span>
            ) : null}
          </p>
          <p className="text-xs text-gray-700">{playerContext(review).join(' · ')}</p>
          <p className="break-words whitespace-pre-line text-gray-800">{review.body}</p>
          {review.photos.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Photos">
              {review.photos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={photo.url} target="_blank" rel="noreferrer">
                    <img
                      src={photo.url.replace(/\.webp$/, '-thumb.webp')}
                      alt={`Photo ${index + 1}`}
                      className="h-16 w-16 rounded object-cover"
                      width={64}
                      height={64}
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {review.status !== 'published' ? (
              <Button size="sm" disabled={moderate.isPending} onClick={() => moderate.mutate({ id: review.id, to: 'publish' })}>
                Publish
              </Button>
            ) : null}
            {review.status !== 'hidden' ? (
              <Button size="sm" variant="outline" disabled={moderate.isPending} onClick={() => moderate.mutate({ id: review.id, to: 'hide' })}>
                Hide
              </Button>
            ) : null}
          </div>
          <ReplyForm review={review} />
        </CardContent>
      </Card>
    </li>
  );
}

/** /admin/reviews: the queue by state (pending first), publish, hide, reply, and the hold setting. */
export default function AdminReviewsPage() {
  useDocumentTitle('Reviews');
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const queue = useAdminReviews(status, page);

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Reviews</h1>
      </div>
      <HoldSetting />
      <div role="group" aria-label="Show reviews" className="flex flex-wrap gap-2">
        {REVIEW_STATUSES.map((option) => (
          <Button
            key={option}
            size="sm"
            variant={status === option ? 'default' : 'outline'}
            aria-pressed={status === option}
            onClick={() => {
              setStatus(option);
              setPage(1);
            }}
          >
            {STATUS_LABELS[option]}
            {queue.data ? ` (${queue.data.counts[option]})` : ''}
          </Button>
        ))}
      </div>
      {queue.isLoading ? (
        <Spinner label="Loading reviews" />
      ) : queue.isError ? (
        <p role="alert" className="text-red-700">
          {queue.error.message}
        </p>
      ) : queue.data && queue.data.items.length === 0 ? (
        <p className="text-gray-700">No {STATUS_LABELS[status].toLowerCase()} reviews.</p>
      ) : (
        <ul className="grid gap-4">
          {queue.data?.items.map((review) => (
            <QueueItem key={`${review.id}-${review.status}`} review={review} />
          ))}
        </ul>
      )}
      {queue.data && queue.data.pageCount > 1 ? (
        <nav aria-label="Review pages" className="flex items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-gray-700">
            Page {queue.data.page} of {queue.data.pageCount}
          </span>
          <Button variant="outline" size="sm" disabled={page >= queue.data.pageCount} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
