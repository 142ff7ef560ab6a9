import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewList, ReviewSettings, ReviewStatus } from '#common/schemas/reviews.ts';
import { apiRequest, getJson, withQuery } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

// The admin's review queue: its list, the moderation steps and the "hold reviews" setting.

const QUEUE_KEY = ['admin-reviews'] as const;
const SETTINGS_URL = '/api/admin/review-settings';

export function useAdminReviews(status: ReviewStatus, page: number) {
  return useQuery({
    queryKey: [...QUEUE_KEY, status, page],
    queryFn: ({ signal }) => getJson<AdminReviewList>(withQuery('/api/admin/reviews', { status, page: page > 1 ? page : null }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Publish or hide; the queue is read again either way (a 409 means someone else moved it first). */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: 'publish' | 'hide' }) => apiRequest<AdminReview>('POST', `/api/admin/reviews/${id}/${to}`),
    onSuccess: (review) => toast({ title: review.status === 'published' ? 'Review published' : 'Review hidden' }),
    onError: (error: Error) => toast({ title: 'The review did not change', description: error.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) => apiRequest<AdminReview>('PUT', `/api/admin/reviews/${id}/reply`, { reply }),
    onSuccess: (review) => toast({ title: review.ownerReply ? 'Reply saved and e-mailed' : 'Reply removed' }),
    onError: (error: Error) => toast({ title: 'The reply was not saved', description: error.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export function useReviewSettings() {
  return useQuery({ queryKey: [SETTINGS_URL], queryFn: ({ signal }) => getJson<ReviewSettings>(SETTINGS_URL, { signal }) });
}

export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) => apiRequest<ReviewSettings>('PUT', SETTINGS_URL, settings),
    onSuccess: (settings) => queryClient.setQueryData([SETTINGS_URL], settings),
    onError: (error: Error) => toast({ title: 'The setting was not saved', description: error.message, variant: 'destructive' }),
  });
}
