import { useMutation } from '@tanstack/react-query';
import type { SimulatedConfirmInput, SimulatedConfirmResult } from '#common/schemas/checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The built-in card simulator (Stripe's test cards); a failed card is an answer, a bad one a 400. */
const confirmSimulatedPayment = (input: SimulatedConfirmInput): Promise<SimulatedConfirmResult> =>
  apiRequest<SimulatedConfirmResult>('POST', '/api/payments/simulated/confirm', input);

export function useConfirmSimulatedPayment() {
  return useMutation({ mutationFn: confirmSimulatedPayment });
}
