import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatCents } from '#common/money.ts';
import type { CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePublicConfig } from '#client/lib/get-public-config.ts';
import type { PaymentFormCallbacks } from './payment-outcome.ts';

// each card form is its own chunk: the Stripe one (and Stripe.js) is fetched only when Stripe is the provider
const SimulatedCardForm = lazy(() => import('./simulated-card-form.tsx'));
const StripePaymentForm = lazy(() => import('./stripe-payment-form.tsx'));

interface PaymentStepProps extends PaymentFormCallbacks {
  payment: CreatePaymentIntentResult;
  /** what the page computed, in cents */
  pageTotalCents: number;
  /** why the previous payment closed (a declined card), shown until the shopper edits the card */
  closedMessage: string | null;
  /** a new payment is being prepared after the previous one closed */
  preparing: boolean;
}

/** Steps 4-5: the card form for the payment just created, with the amount the server will charge. */
export function PaymentStep({ payment, pageTotalCents, closedMessage, preparing, onPaid, onClosed, onCardEdited }: PaymentStepProps) {
  const config = usePublicConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  // the provider GET /api/config names; the payment's own answer while that loads or if it fails
  const provider = config.data?.paymentProvider ?? (config.isLoading ? null : payment.provider);

  // a total the page did not show is never charged unseen: the card form waits until the shopper accepts it
  const [acceptedPayment, setAcceptedPayment] = useState<string | null>(null);
  const totalDiffers = payment.amount !== pageTotalCents;
  const awaitingAcceptance = totalDiffers && acceptedPayment !== payment.paymentIntentId;

  const showingDecline = closedMessage !== null;
  const shownPayment = useRef<string | null>(null);
  useEffect(() => {
    const newPayment = shownPayment.current !== payment.paymentIntentId;
    shownPayment.current = payment.paymentIntentId;
    // the notice went because the shopper is editing the card: focus stays where they type
    if (!newPayment && !showingDecline) return;
    // the form appears below the fold on phones: take the shopper (and the screen reader) to it;
    // after a decline the notice takes focus instead, so the reason is heard first
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (!showingDecline) heading.current?.focus({ preventScroll: true });
  }, [payment.paymentIntentId, showingDecline]);

  return (
    <Card>
      <CardHeader>
        <h2 ref={heading} tabIndex={-1} className="text-lg leading-tight font-semibold tracking-tight outline-none">
          Payment
        </h2>
        <p className="text-sm text-gray-700">
          Amount to pay: <span className="font-semibold text-gray-900">{formatCents(payment.amount)}</span>
        </p>
        {totalDiffers ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            The shop's total for your order is {formatCents(payment.amount)} (the page showed {formatCents(pageTotalCents)}). You will be charged{' '}
            {formatCents(payment.amount)}.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {closedMessage ? <DeclineNotice key={payment.paymentIntentId} message={closedMessage} /> : null}
        {awaitingAcceptance ? (
          <Button onClick={() => setAcceptedPayment(payment.paymentIntentId)}>Continue with {formatCents(payment.amount)}</Button>
        ) : (
          <CardForm payment={payment} provider={provider} preparing={preparing} onPaid={onPaid} onClosed={onClosed} onCardEdited={onCardEdited} />
        )}
      </CardContent>
    </Card>
  );
}

interface CardFormProps extends PaymentFormCallbacks {
  payment: CreatePaymentIntentResult;
  provider: 'simulated' | 'stripe' | null;
  preparing: boolean;
}

/**
 * The provider's card form for this payment. Stripe's element belongs to one payment, so a new
 * payment mounts a new one; the simulator's form stays as the shopper left it (spec: the form stays).
 */
function CardForm({ payment, provider, preparing, onPaid, onClosed, onCardEdited }: CardFormProps) {
  const config = usePublicConfig();
  return (
    <Suspense fallback={<Spinner label="Loading payment form" className="py-6" />}>
      {provider === null || (preparing && provider === 'stripe') ? (
        <Spinner label="Loading payment form" className="py-6" />
      ) : provider === 'stripe' ? (
        <StripePaymentForm
          key={payment.paymentIntentId}
          clientSecret={payment.clientSecret}
          publishableKey={config.data?.stripePublishableKey ?? null}
          onPaid={onPaid}
          onClosed={onClosed}
          onCardEdited={onCardEdited}
        />
      ) : (
        <SimulatedCardForm
          paymentIntentId={payment.paymentIntentId}
          clientSecret={payment.clientSecret}
          preparing={preparing}
          onPaid={onPaid}
          onClosed={onClosed}
          onCardEdited={onCardEdited}
        />
      )}
    </Suspense>
  );
}

/** The decline, beside the card form and announced, with focus on it so keyboard and screen reader users hear why; it stays until the card is edited. */
function DeclineNotice({ message }: { message: string }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div ref={notice} role="alert" tabIndex={-1} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 outline-none">
      <p className="font-medium">{message}</p>
      <p>Nothing was charged. Enter another card to try again.</p>
    </div>
  );
}
