import { useMutation } from '@tanstack/react-query';
import type { SimulatedConfirmResult } from '#common/schemas/checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';

// Stripe's always-succeeding test card (https://docs.stripe.com/testing), which the simulator honours too
const SUCCEEDING_TEST_CARD = '4242424242424242';

/** Pays a simulated test payment with the succeeding test card, as the storefront's card form would. */
const confirmSimulatedPayment = (paymentIntentId: string): Promise<SimulatedConfirmResult> =>
  apiRequest<SimulatedConfirmResult>('POST', '/api/payments/simulated/confirm', {
    paymentIntentId,
    card: { number: SUCCEEDING_TEST_CARD, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  });

export function useConfirmSimulatedPayment() {
  return useMutation({ mutationFn: confirmSimulatedPayment });
}
