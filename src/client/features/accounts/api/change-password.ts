import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#common/schemas/accounts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const changePassword = (input: ChangePasswordInput) => apiRequest<{ message: string }>('POST', '/api/account/password', input);

/** This session stays signed in; the server ends the others. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ message }) => toast({ title: 'Password changed', description: message }),
  });
}
