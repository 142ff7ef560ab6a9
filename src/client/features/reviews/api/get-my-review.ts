import { useQuery } from '@tanstack/react-query';
import type { MyReviewResult } from '#common/schemas/reviews.ts';
import { getJson } from '#client/lib/api-client.ts';

export const myReviewKey = (productId: number) => ['my-review', productId] as const;

/** The signed-in customer's review of this product (any state), so the form edits it instead of writing a second. */
export function useMyReview(productId: number, signedIn: boolean) {
  return useQuery({
    queryKey: myReviewKey(productId),
    queryFn: ({ signal }) => getJson<MyReviewResult>(`/api/products/${productId}/reviews/mine`, { signal }),
    enabled: signedIn,
  });
}
