import type { RatingSummary as Summary } from '#common/schemas/reviews.ts';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { cn } from '#client/lib/cn.ts';

interface RatingSummaryProps {
  summary: Summary;
  /** the star filter in force; a bar toggles it */
  rating: number | null;
  onRating: (stars: number | null) => void;
}

/** The average, the count and a bar per star (5 down to 1); a bar filters the list to that star. */
export function RatingSummary({ summary, rating, onRating }: RatingSummaryProps) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      {summary.average !== null ? (
        <div className="flex items-center gap-3">
          <p className="text-4xl font-bold text-gray-900">{summary.average.toFixed(1)}</p>
          <div>
            <StarRating value={summary.average} size="h-5 w-5" />
            <p className="text-sm text-gray-600">
              {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
            </p>
          </div>
        </div>
      ) : (
        <p className="text-gray-700">No reviews yet.</p>
      )}
      <ul className="mt-4 grid gap-1.5" aria-label="Rating distribution">
        {summary.distribution.map((bar) => {
          const share = summary.count ? Math.round((bar.count / summary.count) * 100) : 0;
          const active = rating === bar.stars;
          return (
            <li key={bar.stars}>
              <button
                type="button"
                className={cn(
                  // 44 px tall on phones (every storefront control is), compact beside the reviews on wider screens
                  'flex min-h-11 w-full items-center gap-2 rounded px-1 py-0.5 text-sm text-gray-800 hover:bg-gray-100 md:min-h-0',
                  active && 'bg-gray-100 font-semibold',
                )}
                aria-pressed={active}
                disabled={bar.count === 0 && !active}
                onClick={() => onRating(active ? null : bar.stars)}
              >
                <span className="w-12 shrink-0 text-left">{bar.stars} star</span>
                <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
                </span>
                <span className="w-10 shrink-0 text-right">{bar.count}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
