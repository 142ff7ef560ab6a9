import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ConfirmEmailChangeInput } from '#common/schemas/accounts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

const requestEmailChange = (input: ChangeEmailInput) => apiRequest<{ message: string }>('POST', '/api/account/email', input);

/** The answer's message is shown by the form: the link goes to the new address, which changes when it is opened. */
export function useChangeEmail() {
  return useMutation({ mutationFn: requestEmailChange });
}

const confirmEmailChange = (input: ConfirmEmailChangeInput) => apiRequest<{ message: string; email: string }>('POST', '/api/account/email/confirm', input);

/** The confirmation link's page: the signed-in user (if any) is read again with the new address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
