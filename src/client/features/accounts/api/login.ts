import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '#common/schemas/accounts.ts';
import type { TwoFactorChallenge } from '#common/schemas/two-factor.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';

/** The user, or (an account with two-factor sign-in) the token the form's second step sends with the code. */
const login = (input: LoginInput) => apiRequest<PublicUser | TwoFactorChallenge>('POST', '/api/login', input);

export const isTwoFactorChallenge = (answer: PublicUser | TwoFactorChallenge): answer is TwoFactorChallenge => 'twoFactorRequired' in answer;

/** "Login successful" / "Login failed" with the error message; a password that needs a code too says nothing yet. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (isTwoFactorChallenge(answer)) return;
      signedIn(queryClient, answer);
    },
    onError: (error: Error) => {
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function signedIn(queryClient: ReturnType<typeof useQueryClient>, user: PublicUser) {
  queryClient.setQueryData(currentUserQueryKey, user);
  toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
}
