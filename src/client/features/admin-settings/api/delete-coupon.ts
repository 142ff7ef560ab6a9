import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { COUPONS_URL } from './get-coupons.ts';

const deleteCoupon = (id: number): Promise<unknown> => apiRequest('DELETE', `${COUPONS_URL}/${id}`);

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [COUPONS_URL] });
      toast({ title: 'Coupon deleted' });
    },
    onError: (error: Error) => toast({ title: 'Failed to delete coupon', description: error.message, variant: 'destructive' }),
  });
}
