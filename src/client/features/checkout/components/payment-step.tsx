import { lazy, Suspense, useEffect, useRef } from 'react';
import { formatCents } from '#common/money.ts';
import type { CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePublicConfig } from '../api/get-public-config.ts';
import type { PaymentFormCallbacks } from './payment-outcome.ts';

// each card form is its own chunk: the Stripe one (and Stripe.js) is fetched only when Stripe is the provider
const SimulatedCardForm = lazy(() => import('./simulated-card-form.tsx'));
const StripePaymentForm = lazy(() => import('./stripe-payment-form.tsx'));

interface PaymentStepProps extends PaymentFormCallbacks {
  payment: CreatePaymentIntentResult;
  /** what the page computed, in cents */
  pageTotalCents: number;
}

/** spec/storefront.md §4 steps 4-5: the card form for the payment just created, with the amount the server will charge. */
export function PaymentStep({ payment, pageTotalCents, onPaid }: PaymentStepProps) {
  const config = usePublicConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  // the provider GET /api/config names; the payment's own answer while that loads or if it fails
  const provider = config.data?.paymentProvider ?? (config.isLoading ? null : payment.provider);

  useEffect(() => {
    // the form appears below the fold on phones: take the shopper (and the screen reader) to it
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [payment.paymentIntentId]);

  return (
    <Card>
      <CardHeader>
        <h2 ref={heading} tabIndex={-1} className="text-lg leading-tight font-semibold tracking-tight outline-none">
          Payment
        </h2>
        <p className="text-sm text-gray-700">
          Amount to pay: <span className="font-semibold text-gray-900">{formatCents(payment.amount)}</span>
        </p>
        {payment.amount !== pageTotalCents ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            The shop's total for your order is {formatCents(payment.amount)} (the page showed {formatCents(pageTotalCents)}). You will be charged{' '}
            {formatCents(payment.amount)}.
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Spinner label="Loading payment form" className="py-6" />}>
          {provider === null ? (
            <Spinner label="Loading payment form" className="py-6" />
          ) : provider === 'stripe' ? (
            <StripePaymentForm
              key={payment.paymentIntentId}
              clientSecret={payment.clientSecret}
              publishableKey={config.data?.stripePublishableKey ?? null}
              onPaid={onPaid}
            />
          ) : (
            <SimulatedCardForm key={payment.paymentIntentId} paymentIntentId={payment.paymentIntentId} clientSecret={payment.clientSecret} onPaid={onPaid} />
          )}
        </Suspense>
      </CardContent>
    </Card>
  );
}
