import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleasedHold } from '#common/schemas/open-holds.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog, invalidateOrders } from '#client/lib/admin-cache.ts';
import { OPEN_HOLDS_URL } from './get-open-holds.ts';

const releaseOpenHold = (orderId: number): Promise<ReleasedHold> => apiRequest<ReleasedHold>('POST', `${OPEN_HOLDS_URL}/${orderId}/release`);

/** Closes an unpaid order; its units are back on sale, so the catalogue's stock and the order lists refresh. */
export function useReleaseOpenHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseOpenHold,
    onSuccess: (released) => {
      void queryClient.invalidateQueries({ queryKey: [OPEN_HOLDS_URL] });
      void invalidateOrders(queryClient);
      void invalidateCatalog(queryClient);
      toast({ title: 'Hold released', description: `Order #${released.orderNumber} is closed; ${released.units} item(s) are back on sale.` });
    },
    onError: (error: Error) => {
      void queryClient.invalidateQueries({ queryKey: [OPEN_HOLDS_URL] });
      toast({ title: 'Failed to release the hold', description: error.message, variant: 'destructive' });
    },
  });
}
