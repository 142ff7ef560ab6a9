import type { PaymentStatusResult } from '#common/schemas/checkout.ts';

// Every way the order confirmation page can end, and its texts.

export type ConfirmationOutcome =
  | { kind: 'success'; title: 'Payment Successful' | 'Order Received'; clearsCart: boolean }
  | { kind: 'error'; title: 'Payment Failed' | 'Payment Status Unknown' };

interface ConfirmationParams {
  paymentIntent: string | null;
  redirectStatus: string | null;
}

export function confirmationParams(search: string): ConfirmationParams {
  const query = new URLSearchParams(search);
  const blankToNull = (value: string | null) => (value && value.trim() ? value.trim() : null);
  return { paymentIntent: blankToNull(query.get('payment_intent')), redirectStatus: blankToNull(query.get('redirect_status')) };
}

/**
 * The outcome from the address and, when there is a payment intent, the server's answer about it
 * (null when that check failed, e.g. an unknown id).
 *
 * One refinement of the spec's order: when our own record says the payment failed or was cancelled,
 * a `redirect_status=succeeded` in the address does not turn it into a success (an address can be typed).
 */
export function confirmationOutcome(params: ConfirmationParams, status: PaymentStatusResult | null): ConfirmationOutcome {
  if (params.paymentIntent && status?.success && status.status === 'succeeded') {
    return { kind: 'success', title: 'Payment Successful', clearsCart: true };
  }
  const recordedFailure = status !== null && (status.paymentStatus === 'failed' || status.paymentStatus === 'cancelled');
  if (params.redirectStatus === 'succeeded' && !recordedFailure) {
    return { kind: 'success', title: 'Payment Successful', clearsCart: true };
  }
  if (params.redirectStatus === 'failed' || params.redirectStatus === 'canceled' || (params.redirectStatus === 'succeeded' && recordedFailure)) {
    return { kind: 'error', title: 'Payment Failed' };
  }
  // a payment intent with no redirect status; also with a status still on its way ("processing")
  if (params.paymentIntent) {
    return { kind: 'success', title: 'Order Received', clearsCart: false };
  }
  return { kind: 'error', title: 'Payment Status Unknown' };
}
