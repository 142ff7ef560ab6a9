import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { MY_ORDERS_URL } from './get-my-orders.ts';

const logout = (): Promise<unknown> => apiRequest('POST', '/api/logout');

/**
 * The user becomes null; "Logged out successfully" / "Logout failed". A plain request rather than
 * useMutation: the header on every page holds this button, and useMutation's observer was the only
 * reason TanStack's mutation code sat in the home page's first bundle (docs/performance.md).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(() => {
    setPending(true);
    logout()
      .then(
        () => {
          queryClient.setQueryData(currentUserQueryKey, null);
          // the signed-in user's private reads (order history...) must not outlive the session
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === MY_ORDERS_URL });
          toast({ title: 'Logged out successfully' });
        },
        (error: Error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
      )
      .finally(() => setPending(false));
  }, [queryClient]);
  return { mutate, isPending };
}
