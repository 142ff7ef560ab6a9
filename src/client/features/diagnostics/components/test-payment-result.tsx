import { Link } from 'wouter';
import { formatPrice } from '#common/money.ts';
import type { TestPaymentResult } from '#common/schemas/diagnostics.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useConfirmSimulatedPayment } from '../api/confirm-simulated-payment.ts';

/** What the test payment created, and (with the simulator) paying it with the succeeding test card. */
export function TestPaymentResultView({ result }: { result: TestPaymentResult }) {
  const pay = useConfirmSimulatedPayment();
  const confirmationHref = pay.data?.redirectUrl ?? `/order-confirmation?payment_intent=${encodeURIComponent(result.paymentIntent.id)}`;
  const rows: Array<[string, string]> = [
    ['Order', `#${result.order.id}`],
    ['Order total', formatPrice(result.order.total)],
    ['Payment intent', result.paymentIntent.id],
    ['Amount (cents)', String(result.paymentIntent.amount)],
    ['Amount (dollars)', formatPrice(result.paymentIntent.amountInDollars)],
    ['Payment status', pay.data?.status ?? result.paymentIntent.status],
    ['Provider', result.provider === 'stripe' ? 'Stripe' : 'Built-in card simulator'],
  ];
  return (
    <div className="grid gap-4" aria-live="polite">
      <dl className="grid gap-x-4 gap-y-2 rounded-md border border-green-200 bg-green-50 p-4 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-700">{label}</dt>
            <dd className="font-mono break-all text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {result.provider === 'simulated' && !pay.data ? (
          <Button
            variant="success"
            disabled={pay.isPending}
            onClick={() =>
              pay.mutate(result.paymentIntent.id, {
                onError: (error) => toast({ title: 'Test failed', description: error.message, variant: 'destructive' }),
              })
            }
          >
            {pay.isPending ? 'Paying...' : 'Pay with test card 4242 4242 4242 4242'}
          </Button>
        ) : null}
        <Link href={confirmationHref} className={buttonClasses('outline')}>
          Open its confirmation page
        </Link>
      </div>
      {result.provider === 'stripe' ? (
        <p className="text-sm text-gray-600">
          The payment intent waits at Stripe for a card. Pay it with a Stripe test card through the storefront checkout, or cancel it in the Stripe dashboard.
        </p>
      ) : null}
    </div>
  );
}
