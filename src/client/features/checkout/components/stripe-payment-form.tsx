import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { announcePaymentFailure, type PaymentFormCallbacks } from './payment-outcome.ts';

interface StripePaymentFormProps extends PaymentFormCallbacks {
  clientSecret: string | null;
  publishableKey: string | null;
}

interface Mounted {
  stripe: Stripe;
  elements: StripeElements;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Stripe's Payment Element. Stripe.js is imported here only, and this file is
 * loaded only on the payment step when Stripe is the provider, so no other page ever fetches it.
 */
export default function StripePaymentForm({ clientSecret, publishableKey, onPaid, onClosed, onCardEdited }: StripePaymentFormProps) {
  const target = useRef<HTMLDivElement>(null);
  // the element lives as long as its payment; the latest callback is read when the shopper types
  const cardEdited = useRef(onCardEdited);
  useEffect(() => {
    cardEdited.current = onCardEdited;
  }, [onCardEdited]);
  const [mounted, setMounted] = useState<Mounted | null>(null);
  const [problem, setProblem] = useState<string | null>(clientSecret ? null : 'No payment information provided');
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!clientSecret) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    (async () => {
      try {
        if (!publishableKey) throw new Error('the Stripe publishable key is not configured');
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey);
        if (!stripe) throw new Error('Stripe.js could not be loaded');
        if (cancelled) return;
        if (!target.current) {
          setProblem('Payment element mount target not found');
          return;
        }
        const elements = stripe.elements({ clientSecret });
        const paymentElement = elements.create('payment');
        paymentElement.on('change', () => cardEdited.current());
        paymentElement.mount(target.current);
        unmount = () => paymentElement.destroy();
        setMounted({ stripe, elements });
      } catch (error) {
        if (!cancelled) setProblem(`Failed to initialize payment form: ${reasonOf(error)}`);
      }
    })();
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [clientSecret, publishableKey]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!mounted || paying) return;
    setPaying(true);
    try {
      const result = await mounted.stripe.confirmPayment({
        elements: mounted.elements,
        confirmParams: { return_url: `${window.location.origin}/order-confirmation` },
        // cards finish here; only redirect-based methods leave the page
        redirect: 'if_required',
      });
      if (result.error) {
        announcePaymentFailure(result.error.message);
        // a decline closes the payment on the shop's side (the shop cancels it at Stripe): the next card needs a new one
        if (result.error.type === 'card_error' || result.error.code === 'payment_intent_unexpected_state') onClosed(result.error.message ?? 'Payment failed');
      } else if (result.paymentIntent.status === 'succeeded' || result.paymentIntent.status === 'processing') {
        onPaid(result.paymentIntent.id, result.paymentIntent.status === 'succeeded');
      } else {
        announcePaymentFailure(null);
      }
    } catch (error) {
      announcePaymentFailure(reasonOf(error));
    } finally {
      setPaying(false);
    }
  }

  if (problem) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {problem}
      </p>
    );
  }

  return (
    <form onSubmit={pay} aria-label="Card payment" className="grid gap-4">
      <div ref={target} className="min-h-[12rem]" />
      {mounted ? null : <Spinner label="Loading payment form" className="py-4" />}
      <Button type="submit" size="lg" className="w-full" disabled={!mounted || paying}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {paying ? 'Processing...' : 'Pay Now'}
      </Button>
    </form>
  );
}
