import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserAdminInput, UserRow } from '#common/schemas/admin-users.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { USERS_URL } from './get-users.ts';

const setUserAdmin = ({ id, isAdmin }: { id: number } & UserAdminInput): Promise<UserRow> =>
  apiRequest<UserRow>('PATCH', `${USERS_URL}/${id}/admin`, { isAdmin } satisfies UserAdminInput);

export function useSetUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserAdmin,
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: [USERS_URL] });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({ title: 'User admin rights updated successfully', description: `${user.username} is ${user.isAdmin ? 'now an admin' : 'now a regular user'}.` });
    },
    // The error text is the server's message field
    onError: (error: Error) => toast({ title: 'Failed to update user admin rights', description: error.message, variant: 'destructive' }),
  });
}
