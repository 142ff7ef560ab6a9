import { useMutation } from '@tanstack/react-query';
import type { NewsletterSignup } from '#common/schemas/newsletter.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const signUpNewsletter = (input: NewsletterSignup): Promise<{ message: string }> => apiRequest<{ message: string }>('POST', '/api/newsletter', input);

export function useSignUpNewsletter() {
  return useMutation({ mutationFn: signUpNewsletter });
}
