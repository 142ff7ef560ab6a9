import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '#common/schemas/accounts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const register = (input: RegisterInput): Promise<PublicUser> => apiRequest<PublicUser>('POST', '/api/register', input);

/** "Registration successful" / "Registration failed" with the error message. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error: Error) => {
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' });
    },
  });
}
