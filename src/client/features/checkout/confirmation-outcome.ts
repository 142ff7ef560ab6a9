import type { PaymentStatusResult } from '#common/schemas/checkout.ts';

// Every way the order confirmation page can end, and its texts.

export type ConfirmationOutcome =
  | { kind: 'success'; title: 'Payment Successful' | 'Order Received'; clearsCart: boolean }
  | { kind: 'error'; title: 'Payment Failed' | 'Payment Status Unknown' };

interface ConfirmationParams {
  paymentIntent: string | null;
  redirectStatus: string | null;
  /** `cart=kept`: the payment bought one product from its page (express checkout's buy now), not the cart */
  keepsCart?: boolean;
}

export function confirmationParams(search: string): ConfirmationParams {
  const query = new URLSearchParams(search);
  const blankToNull = (value: string | null) => (value && value.trim() ? value.trim() : null);
  return {
    paymentIntent: blankToNull(query.get('payment_intent')),
    redirectStatus: blankToNull(query.get('redirect_status')),
    keepsCart: query.get('cart') === 'kept',
  };
}

/**
 * The outcome from the address and, when there is a payment intent, the server's answer about it
 * (null when that check failed, e.g. an unknown id).
 *
 * Refinements of the spec's order: when our own record says the payment failed or was cancelled,
 * a `redirect_status=succeeded` in the address does not turn it into a success (an address can be typed);
 * a payment the provider still settles (`processing`: a pay-later or bank method) is "Order Received",
 * claiming neither success nor failure, and the cart stays until the payment is confirmed (a new checkout
 * of the same cart meanwhile is refused as already paid). A buy-now payment never empties the cart.
 */
export function confirmationOutcome(params: ConfirmationParams, status: PaymentStatusResult | null): ConfirmationOutcome {
  const clearsCart = !params.keepsCart;
  if (params.paymentIntent && status?.success && status.status === 'succeeded') {
    return { kind: 'success', title: 'Payment Successful', clearsCart };
  }
  if (params.paymentIntent && status?.status === 'processing' && status.paymentStatus !== 'failed' && status.paymentStatus !== 'cancelled') {
    return { kind: 'success', title: 'Order Received', clearsCart: false };
  }
  const recordedFailure = status !== null && (status.paymentStatus === 'failed' || status.paymentStatus === 'cancelled');
  if (params.redirectStatus === 'succeeded' && !recordedFailure) {
    return { kind: 'success', title: 'Payment Successful', clearsCart };
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
