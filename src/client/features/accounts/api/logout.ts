import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { MY_ORDERS_URL } from './get-my-orders.ts';

const logout = (): Promise<unknown> => apiRequest('POST', '/api/logout');

/** The user becomes null; "Logged out successfully" / "Logout failed". */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      // the signed-in user's private reads (order history...) must not outlive the session
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === MY_ORDERS_URL });
      toast({ title: 'Logged out successfully' });
    },
    onError: (error: Error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
