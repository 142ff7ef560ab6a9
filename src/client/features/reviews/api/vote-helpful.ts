import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { productReviewsKey } from './get-product-reviews.ts';

/** "Was this helpful?": one vote per person; a refusal (already voted, too many) is shown as it comes. */
export function useVoteHelpful(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) => apiRequest<{ helpfulCount: number }>('POST', `/api/reviews/${reviewId}/helpful`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productReviewsKey(productId) }),
    onError: (error: Error) => toast({ title: 'Your vote was not counted', description: error.message, variant: 'destructive' }),
  });
}
