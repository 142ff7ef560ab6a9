// "Order confirmation outcome": every way the confirmation page can end.
// The made-up payment id is unknown to the server, so the page falls back to redirect_status.

const SIMULATED_INTENT_ID = 'pi_confirmation_test';

interface ConfirmationOutcome {
  label: string;
  expected: string;
  query: Record<string, string>;
}

export const CONFIRMATION_OUTCOMES: ConfirmationOutcome[] = [
  { label: 'Payment succeeded', expected: 'Payment Successful', query: { payment_intent: SIMULATED_INTENT_ID, redirect_status: 'succeeded' } },
  { label: 'Payment failed', expected: 'Payment Failed', query: { payment_intent: SIMULATED_INTENT_ID, redirect_status: 'failed' } },
  { label: 'Payment canceled', expected: 'Payment Failed', query: { payment_intent: SIMULATED_INTENT_ID, redirect_status: 'canceled' } },
  { label: 'Payment intent only', expected: 'Order Received', query: { payment_intent: SIMULATED_INTENT_ID } },
  { label: 'Neither parameter', expected: 'Payment Status Unknown', query: {} },
];

export function confirmationHref(query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `/order-confirmation?${search}` : '/order-confirmation';
}
