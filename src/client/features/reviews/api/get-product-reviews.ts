import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewPage, ReviewSort } from '#common/schemas/reviews.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';

export interface ReviewFilters {
  sort: ReviewSort;
  rating: number | null;
  skill: string | null;
  page: number;
}

export const productReviewsKey = (productId: number) => ['product-reviews', productId] as const;

/** The product page's reviews under its filters; the previous page stays on screen while the next loads. */
export function useProductReviews(productId: number, filters: ReviewFilters) {
  return useQuery({
    queryKey: [...productReviewsKey(productId), filters],
    queryFn: ({ signal }) =>
      getJson<ReviewPage>(
        withQuery(`/api/products/${productId}/reviews`, {
          sort: filters.sort,
          rating: filters.rating,
          skill: filters.skill,
          page: filters.page > 1 ? filters.page : null,
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
