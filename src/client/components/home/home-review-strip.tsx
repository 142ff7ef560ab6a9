import { Link } from 'wouter';
import type { HomeSectionView } from '#common/schemas/home.ts';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { HomeSectionFrame } from './home-section-frame.tsx';

type Section = Extract<HomeSectionView, { kind: 'reviews' }>;

/** The newest published reviews, each with its product's link. */
export function HomeReviewStrip({ section }: { section: Section }) {
  if (section.reviews.length === 0) return null;
  return (
    <HomeSectionFrame id={section.id} title={section.title}>
      <ul className="grid gap-4 md:grid-cols-3">
        {section.reviews.map((review) => (
          <li key={review.id} className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <StarRating value={review.rating} />
            <p className="font-semibold text-gray-900">{review.title}</p>
            <p className="line-clamp-4 text-sm text-gray-700">{review.body}</p>
            <p className="mt-auto text-sm text-gray-700">
              {review.author} on{' '}
              <Link href={`/products/${review.productSlug}`} className="inline-flex min-h-11 items-center font-medium text-link hover:underline">
                {review.productName}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </HomeSectionFrame>
  );
}
