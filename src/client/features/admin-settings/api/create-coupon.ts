import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, CouponInput } from '#common/schemas/admin-coupons.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { COUPONS_URL } from './get-coupons.ts';

const createCoupon = (input: CouponInput): Promise<AdminCoupon> => apiRequest<AdminCoupon>('POST', COUPONS_URL, input);

/** The failure shows the first issue's message when there are issues. */
export function firstIssueText(error: Error): string {
  return error instanceof ApiError && error.issues[0] ? error.issues[0].message : error.message;
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: (coupon) => {
      void queryClient.invalidateQueries({ queryKey: [COUPONS_URL] });
      toast({ title: 'Coupon created', description: `${coupon.code} is ready to use.` });
    },
    onError: (error: Error) => toast({ title: 'Failed to create coupon', description: firstIssueText(error), variant: 'destructive' }),
  });
}
