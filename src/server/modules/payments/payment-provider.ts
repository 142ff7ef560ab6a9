interface CreatedPayment {
  id: string;
  clientSecret: string;
}

/** Stripe's payment intent statuses; the simulator answers the same words. */
export type ProviderPaymentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded'
  // Stripe may add statuses; they are treated as "not paid yet"
  | (string & {});

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  /** from the payment's metadata; null when it carries none */
  orderId: number | null;
  /** the last failure's message, when the last attempt failed */
  failureMessage: string | null;
}

/** `stripe` when STRIPE_SECRET_KEY is set, else `simulated`. */
export interface PaymentProvider {
  name: 'simulated' | 'stripe';
  createPayment(input: { orderId: number; amountCents: number; customerEmail: string; description: string }): Promise<CreatedPayment>;
  /** The provider's own view, or null when the provider does not know the id. */
  retrievePayment(id: string): Promise<ProviderPayment | null>;
  /** Cancels a payment nobody finished; answers the payment as it is afterwards. */
  cancelPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Gives captured money back. The idempotency key makes a repeated call (a redelivered event, a
   * double click) refund once. Stripe keeps it in the refund's metadata (shop_refund), so the
   * charge.refunded webhook tells the shop's own refunds from ones made in the Stripe dashboard.
   */
  refundPayment(input: { id: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
}
