import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { CheckCircle2, CircleHelp, XCircle } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { usePaymentStatus } from '../api/check-payment-status.ts';
import { useOrderByPaymentIntent } from '../api/get-order-by-payment-intent.ts';
import { confirmationOutcome, confirmationParams, type ConfirmationOutcome } from '../confirmation-outcome.ts';
import { AccountFromOrder } from './account-from-order.tsx';
import { PlacedOrderDetails } from './placed-order-details.tsx';

const descriptions: Record<ConfirmationOutcome['title'], string> = {
  'Payment Successful': 'Thank you for your purchase. A confirmation e-mail is on its way.',
  'Order Received': 'We have received your order and are confirming your payment.',
  'Payment Failed': "We couldn't process your payment. Please try again.",
  'Payment Status Unknown': 'We could not tell how your payment went. If you were charged, please contact us with the details.',
};

interface OrderConfirmationPageProps {
  /** called once when the payment succeeded: app/ clears the cart and refreshes what the order changed */
  onPaid?: () => void;
}

/**
 * /order-confirmation: the outcome of a payment and, once paid, the order with the way to its page and,
 * for a guest in the browser that placed it, the offer to keep it on a new account.
 */
export default function OrderConfirmationPage({ onPaid }: OrderConfirmationPageProps) {
  const params = confirmationParams(useSearch());
  const status = usePaymentStatus(params.paymentIntent);
  const loading = Boolean(params.paymentIntent) && status.isLoading;
  const outcome = loading ? null : confirmationOutcome(params, status.data ?? null);
  const success = outcome?.kind === 'success';
  const order = useOrderByPaymentIntent(params.paymentIntent, success);
  useDocumentTitle(outcome ? outcome.title : 'Order Confirmation');

  const paidCalled = useRef(false);
  useEffect(() => {
    if (outcome?.kind === 'success' && outcome.clearsCart && !paidCalled.current) {
      paidCalled.current = true;
      onPaid?.();
    }
  }, [outcome, onPaid]);

  if (!outcome) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-24">
        <Spinner label="Checking your payment" />
        <p className="text-center text-gray-700">Checking your payment...</p>
      </div>
    );
  }

  const Icon = success ? CheckCircle2 : outcome.title === 'Payment Failed' ? XCircle : CircleHelp;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center sm:py-16">
      <Icon className={success ? 'mx-auto h-14 w-14 text-green-700' : 'mx-auto h-14 w-14 text-red-700'} aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-gray-900">{outcome.title}</h1>
      <p className="mt-3 text-gray-700">{descriptions[outcome.title]}</p>

      {success && params.paymentIntent ? (
        <div className="mt-8 grid gap-6">
          {order.isLoading ? (
            <Spinner label="Loading your order" />
          ) : order.data ? (
            <>
              <PlacedOrderDetails order={order.data} />
              {order.data.accountOffer ? <AccountFromOrder paymentIntentId={params.paymentIntent} email={order.data.customerEmail} /> : null}
            </>
          ) : (
            <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-950">
              Order details could not be loaded. Your order has still been processed.
            </p>
          )}
        </div>
      ) : null}

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {success ? (
          <>
            <Link href="/shop" className={buttonClasses('default', 'lg')}>
              Continue Shopping
            </Link>
            <Link href="/" className={buttonClasses('outline', 'lg')}>
              Home
            </Link>
          </>
        ) : outcome.title === 'Payment Failed' ? (
          <>
            <Link href="/cart" className={buttonClasses('default', 'lg')}>
              Return to Cart
            </Link>
            <Link href="/contact" className={buttonClasses('outline', 'lg')}>
              Contact Support
            </Link>
          </>
        ) : (
          <>
            <Link href="/" className={buttonClasses('default', 'lg')}>
              Home
            </Link>
            <Link href="/contact" className={buttonClasses('outline', 'lg')}>
              Contact Us
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
