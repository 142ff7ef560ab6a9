import { useMutation } from '@tanstack/react-query';
import type { TestEmailResult, TestOrderEmailInput } from '#common/schemas/diagnostics.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';

/** No payload: the server's sample order to the admin. With one: that test order to its customer address. */
const sendTestOrderEmail = (order?: TestOrderEmailInput): Promise<TestEmailResult> => apiRequest<TestEmailResult>('POST', '/api/test-order-email', order);

/** The server's error field, else its message. */
export function serverErrorOf(error: Error): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null && 'error' in error.body) {
    const field = (error.body as { error: unknown }).error;
    if (typeof field === 'string' && field) return field;
  }
  return error.message;
}

export function useSendTestOrderEmail() {
  return useMutation({ mutationFn: sendTestOrderEmail });
}
