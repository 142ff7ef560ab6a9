import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Wallet } from 'lucide-react';
import { formatCents } from '#common/money.ts';
import type { ExpressQuoteInput } from '#common/schemas/express-checkout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useConfirmSimulatedPayment } from '../api/confirm-simulated-payment.ts';
import { paymentItems } from '../checkout-rules.ts';
import { placeExpressOrder } from './api/place-express-order.ts';
import { quoteExpressCheckout } from './api/quote-express-checkout.ts';
import { afterWalletPaid, expressConfirmationPath, walletCartToken, type ExpressCheckoutProps } from './express-payment.ts';

/**
 * The wallet's test contacts: two states, so choosing the other one visibly reprices (the shop's state is
 * taxed, Oregon has no sales tax). The sheet, like Apple Pay, sends only city, state and ZIP code until Pay.
 */
const TEST_CONTACTS = [
  {
    id: 'austin',
    name: 'Jamie Rivera',
    email: 'jamie.rivera@example.com',
    phone: '(512) 555-0143',
    address: { street: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  },
  {
    id: 'portland',
    name: 'Sam Okafor',
    email: 'sam.okafor@example.com',
    phone: '(503) 555-0178',
    address: { street: '700 SW 5th Ave', city: 'Portland', state: 'OR', zip: '97204', country: 'US' },
  },
] as const;

/** The card the simulated wallet holds: the simulator's test card that succeeds. */
const WALLET_CARD = { number: '4242424242424242', expMonth: 12, cvc: '123' };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * With the card simulator: a "Simulated wallet" button and the sheet that plays the wallet. Pay goes
 * through the wallet's own routes (the order as for Apple Pay) and the simulator's confirmation.
 */
export function SimulatedWallet({ lines, coupon = null, scope }: ExpressCheckoutProps) {
  const [open, setOpen] = useState(false);
  // buy now's own token for this page visit: paying again here replaces its own unpaid order, never the cart's
  const [itemToken] = useState(() => crypto.randomUUID());
  return (
    <>
      {/* dark, as wallets' own buttons are: it reads as "pay another way", not as the shop's next step */}
      <button
        type="button"
        className="inline-flex h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-md bg-gray-900 px-6 text-base font-medium text-white shadow-sm hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        onClick={() => setOpen(true)}
      >
        <Wallet className="h-5 w-5" aria-hidden="true" />
        Simulated wallet
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <WalletSheet lines={lines} coupon={coupon} scope={scope} itemToken={itemToken} /> : null}
      </Dialog>
    </>
  );
}

function WalletSheet({ lines, coupon, scope, itemToken }: ExpressCheckoutProps & { itemToken: string }) {
  const [, navigate] = useLocation();
  const groupName = useId();
  const [contactId, setContactId] = useState<(typeof TEST_CONTACTS)[number]['id']>(TEST_CONTACTS[0].id);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const contact = TEST_CONTACTS.find((candidate) => candidate.id === contactId) ?? TEST_CONTACTS[0];
  const { city, state, zip, country } = contact.address;
  const quoteInput: ExpressQuoteInput = { items: paymentItems(lines), couponCode: coupon?.code ?? null, address: { city, state, zip, country } };
  const confirmPayment = useConfirmSimulatedPayment();
  const quote = useQuery({
    queryKey: ['/api/express-checkout/quote', quoteInput],
    queryFn: () => quoteExpressCheckout(quoteInput),
    retry: false,
  });
  const option = quote.data?.shippingOptions[0];

  async function pay() {
    if (!quote.data || !option || paying) return;
    setPaying(true);
    setProblem(null);
    try {
      const order = await placeExpressOrder({
        customerName: contact.name,
        customerEmail: contact.email,
        phone: contact.phone,
        shippingAddress: contact.address,
        items: quoteInput.items,
        couponCode: quoteInput.couponCode,
        cartToken: walletCartToken(scope, itemToken),
        shippingOptionId: option.id,
        amount: quote.data.totals.total,
      });
      const result = await confirmPayment.mutateAsync({
        paymentIntentId: order.paymentIntentId,
        card: { ...WALLET_CARD, expYear: new Date().getFullYear() + 3 },
      });
      if (result.status !== 'succeeded') {
        setProblem(result.message ?? 'The payment failed.');
        return;
      }
      afterWalletPaid(scope);
      navigate(expressConfirmationPath(order.paymentIntentId, true, scope));
    } catch (error) {
      setProblem(messageOf(error));
      // the total changed since it was shown: show the new one before the shopper pays again
      if (error instanceof ApiError && error.status === 409) void quote.refetch();
    } finally {
      setPaying(false);
    }
  }

  return (
    <DialogContent className="max-w-md">
      <DialogHeader>
        <DialogTitle>Simulated wallet</DialogTitle>
        <DialogDescription>A stand-in for Apple Pay and Google Pay while the shop uses the card simulator. No money moves.</DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Ship to</legend>
        {TEST_CONTACTS.map((candidate) => (
          <label
            key={candidate.id}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-300 p-3 text-sm has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary"
          >
            <input
              type="radio"
              name={groupName}
              value={candidate.id}
              checked={candidate.id === contactId}
              onChange={() => setContactId(candidate.id)}
              className="mt-1 h-4 w-4 accent-primary"
              disabled={paying}
            />
            <span>
              <span className="block font-medium text-gray-900">{candidate.name}</span>
              <span className="block text-gray-700">
                {candidate.address.street}, {candidate.address.city}, {candidate.address.state} {candidate.address.zip}
              </span>
              <span className="block text-gray-600">{candidate.email}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <p className="text-sm text-gray-700">
        Pay with <span className="font-medium text-gray-900">Visa •••• 4242</span>
      </p>

      <div aria-live="polite">
        {quote.isLoading || (quote.isFetching && !quote.data) ? (
          <Spinner label="Updating the total" />
        ) : quote.error ? (
          <p role="alert" className="text-sm text-red-700">
            {messageOf(quote.error)}
          </p>
        ) : quote.data ? (
          <dl aria-label="Wallet total" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-700">Subtotal</dt>
            <dd className="text-right text-gray-900">{formatCents(quote.data.totals.subtotal)}</dd>
            {quote.data.totals.discount > 0 ? (
              <>
                <dt className="text-gray-700">Discount</dt>
                <dd className="text-right text-gray-900">-{formatCents(quote.data.totals.discount)}</dd>
              </>
            ) : null}
            <dt className="text-gray-700">{option?.label ?? 'Shipping'}</dt>
            <dd className="text-right text-gray-900">{formatCents(quote.data.totals.shipping)}</dd>
            <dt className="text-gray-700">Tax</dt>
            <dd className="text-right text-gray-900">{formatCents(quote.data.totals.tax)}</dd>
            <dt className="font-semibold text-gray-900">Total</dt>
            <dd className="text-right font-semibold text-gray-900">{formatCents(quote.data.totals.total)}</dd>
          </dl>
        ) : null}
      </div>

      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}

      <DialogFooter>
        <Button type="button" size="lg" className="w-full" onClick={() => void pay()} disabled={!quote.data || quote.isFetching || paying}>
          {paying ? 'Paying...' : quote.data ? `Pay ${formatCents(quote.data.totals.total)}` : 'Pay'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
