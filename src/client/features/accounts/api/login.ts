import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '#common/schemas/accounts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const login = (input: LoginInput): Promise<PublicUser> => apiRequest<PublicUser>('POST', '/api/login', input);

/** "Login successful" / "Login failed" with the error message. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error: Error) => {
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}
