import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#common/schemas/accounts.ts';
import type { TwoFactorLoginInput } from '#common/schemas/two-factor.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { signedIn } from './login.ts';

const verifyLogin = (input: TwoFactorLoginInput) => apiRequest<PublicUser>('POST', '/api/login/two-factor', input);

/** Sign-in's second step: the code from the app or a recovery code; the session starts when it passes. */
export function useVerifyTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyLogin, onSuccess: (user) => signedIn(queryClient, user) });
}
