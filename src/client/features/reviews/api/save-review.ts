import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnReview, ReviewInput } from '#common/schemas/reviews.ts';
import { apiFormRequest, apiRequest } from '#client/lib/api-client.ts';
import { myReviewKey } from './get-my-review.ts';
import { productReviewsKey } from './get-product-reviews.ts';

interface SaveReviewInput {
  review: ReviewInput;
  /** new photos to add after the text is saved */
  photos: File[];
  /** photos of the saved review to remove */
  removePhotoIds: number[];
}

/** Writes the review (POST the first time, PUT after), then its photo changes one by one. */
export function useSaveReview(productId: number, existing: OwnReview | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ review, photos, removePhotoIds }: SaveReviewInput): Promise<OwnReview> => {
      let saved = existing
        ? await apiRequest<OwnReview>('PUT', `/api/reviews/${existing.id}`, review)
        : await apiRequest<OwnReview>('POST', `/api/products/${productId}/reviews`, review);
      for (const photoId of removePhotoIds) saved = await apiRequest<OwnReview>('DELETE', `/api/reviews/${saved.id}/photos/${photoId}`);
      for (const photo of photos) {
        const form = new FormData();
        form.append('photo', photo);
        saved = await apiFormRequest<OwnReview>('POST', `/api/reviews/${saved.id}/photos`, form);
      }
      return saved;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myReviewKey(productId) });
      void queryClient.invalidateQueries({ queryKey: productReviewsKey(productId) });
    },
  });
}
