import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentIntentInput, CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The server prices the order itself and answers with what it will charge. */
const createPaymentIntent = (input: CreatePaymentIntentInput): Promise<CreatePaymentIntentResult> =>
  apiRequest<CreatePaymentIntentResult>('POST', '/api/create-payment-intent', input);

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
