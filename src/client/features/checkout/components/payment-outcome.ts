import { toast } from '#client/components/ui/use-toast.ts';

/** What a card form reports when the provider has answered. */
export interface PaymentFormCallbacks {
  /** the payment went through (or is being processed: `succeeded` false) */
  onPaid: (paymentIntentId: string, succeeded: boolean) => void;
  /**
   * the card was declined, or the payment closed: the server has closed this payment for good, so
   * the page starts a new one (at today's prices and stock) for the next card
   */
  onClosed: (message: string) => void;
  /** the shopper changed the card details: a decline shown for the previous card no longer applies */
  onCardEdited: () => void;
}

/** "Payment failed" with the provider's message; the form stays as it was. */
export function announcePaymentFailure(message: string | null | undefined): void {
  toast({ title: 'Payment failed', description: message || 'Payment failed', variant: 'destructive' });
}
