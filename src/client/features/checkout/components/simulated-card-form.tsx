import { useState, type FormEvent } from 'react';
import { CreditCard, Lock } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useConfirmSimulatedPayment } from '../api/confirm-simulated-payment.ts';
import { TEST_CARDS, cardDigits, formatCardNumber, formatExpiry, parseExpiry } from '../card-format.ts';
import { announcePaymentFailure, type PaymentFormCallbacks } from './payment-outcome.ts';

interface SimulatedCardFormProps extends PaymentFormCallbacks {
  paymentIntentId: string | null;
  clientSecret: string | null;
  /** a new payment is on its way after a decline: paying waits for it */
  preparing?: boolean;
}

interface CardProblems {
  number?: string;
  expiry?: string;
  cvc?: string;
}

// the wording of Stripe's own card field, so both providers read alike
function cardProblems(number: string, expiry: string, cvc: string): CardProblems {
  const problems: CardProblems = {};
  if (cardDigits(number).length < 12) problems.number = 'Your card number is incomplete.';
  if (!parseExpiry(expiry)) problems.expiry = "Your card's expiration date is incomplete.";
  if (!/^\d{3,4}$/.test(cvc.trim())) problems.cvc = "Your card's security code is incomplete.";
  return problems;
}

/** Simulated provider: our own card form, answered like Stripe's test cards. */
export default function SimulatedCardForm({ paymentIntentId, clientSecret, preparing = false, onPaid, onClosed, onCardEdited }: SimulatedCardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problems, setProblems] = useState<CardProblems>({});
  const confirm = useConfirmSimulatedPayment();

  if (!paymentIntentId || !clientSecret) {
    return (
      <p role="alert" className="text-sm text-red-700">
        No payment information provided
      </p>
    );
  }

  function pay(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending || preparing || !paymentIntentId) return;
    const found = cardProblems(number, expiry, cvc);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const { expMonth, expYear } = parseExpiry(expiry)!;
    confirm.mutate(
      { paymentIntentId, card: { number: cardDigits(number), expMonth, expYear, cvc: cvc.trim() } },
      {
        onSuccess: (result) => {
          if (result.status === 'succeeded') return onPaid(paymentIntentId, true);
          announcePaymentFailure(result.message);
          onClosed(result.message ?? 'Payment failed');
        },
        onError: (error) => {
          announcePaymentFailure(error.message);
          // 409: this payment has closed (declined earlier, expired, replaced in another tab)
          if (error instanceof ApiError && error.status === 409) onClosed(error.message);
        },
      },
    );
  }

  return (
    <form onSubmit={pay} aria-label="Card payment" noValidate className="grid gap-4">
      <FormField label="Card number" error={problems.number}>
        <Input
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => {
            setNumber(formatCardNumber(event.target.value));
            onCardEdited();
          }}
          maxLength={23}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" error={problems.expiry}>
          <Input
            name="cardExpiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => {
              setExpiry(formatExpiry(event.target.value));
              onCardEdited();
            }}
            maxLength={5}
          />
        </FormField>
        <FormField label="CVC" error={problems.cvc}>
          <Input
            name="cardCvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(event) => {
              setCvc(event.target.value.replace(/\D/g, '').slice(0, 4));
              onCardEdited();
            }}
            maxLength={4}
          />
        </FormField>
      </div>
      <div className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950">
        <p className="flex items-center gap-2 font-medium">
          <CreditCard className="h-4 w-4" aria-hidden="true" />
          Test mode: no real card is charged
        </p>
        <p className="mt-1">
          Use <span className="font-mono whitespace-nowrap">{TEST_CARDS.success}</span> to pay, or{' '}
          <span className="font-mono whitespace-nowrap">{TEST_CARDS.declined}</span> to see a declined card. Any future expiry date and any 3 digits work.
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending || preparing}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {confirm.isPending || preparing ? 'Processing...' : 'Pay Now'}
      </Button>
    </form>
  );
}
