import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordReset, PasswordResetRequest, PublicUser } from '#common/schemas/accounts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const requestPasswordReset = (input: PasswordResetRequest): Promise<{ message: string }> =>
  apiRequest<{ message: string }>('POST', '/api/forgot-password', input);

/** The answer's message is shown by the form: it reads the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error: Error) => {
      toast({ title: 'Request failed', description: error.message, variant: 'destructive' });
    },
  });
}

const resetPassword = (input: PasswordReset): Promise<PublicUser> => apiRequest<PublicUser>('POST', '/api/reset-password', input);

/** The server signs the shopper in with the new password: "Password changed". */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast({ title: 'Password changed', description: `You are signed in, ${user.username}. Other devices have been signed out.` });
    },
    onError: (error: Error) => {
      toast({ title: 'Password not changed', description: error.message, variant: 'destructive' });
    },
  });
}
