import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, CouponInput } from '#common/schemas/admin-coupons.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { COUPONS_URL } from './get-coupons.ts';

const updateCoupon = ({ id, input }: { id: number; input: CouponInput }): Promise<AdminCoupon> =>
  apiRequest<AdminCoupon>('PATCH', `${COUPONS_URL}/${id}`, input);

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: (coupon) => {
      void queryClient.invalidateQueries({ queryKey: [COUPONS_URL] });
      toast({ title: 'Coupon updated', description: coupon.code });
    },
    onError: (error: Error) => toast({ title: 'Failed to update coupon', description: error.message, variant: 'destructive' }),
  });
}
