import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ShippingRate, StripeExpressCheckoutElement } from '@stripe/stripe-js';
import type { ExpressQuoteResult } from '#common/schemas/express-checkout.ts';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { paymentItems } from '../checkout-rules.ts';
import { checkoutTotals } from '../checkout-totals.ts';
import { placeExpressOrder } from './api/place-express-order.ts';
import { quoteExpressCheckout } from './api/quote-express-checkout.ts';
import {
  afterWalletPaid,
  expressConfirmationPath,
  expressReturnUrl,
  walletCartToken,
  walletShippingAddress,
  type ExpressCheckoutProps,
} from './express-payment.ts';

/** Stripe's smallest USD charge: the element needs an amount before the shop has quoted one. */
const MIN_AMOUNT_CENTS = 50;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const toRates = (quote: ExpressQuoteResult): ShippingRate[] =>
  quote.shippingOptions.map((option) => ({ id: option.id, displayName: option.label, amount: option.amountCents }));

/**
 * Stripe's Express Checkout Element (Apple Pay, Google Pay, Link; PayPal and Klarna where the account
 * enables them). Stripe.js is imported here only, and this file is loaded only when Stripe is the
 * provider. The element shows the wallets the shopper's device offers, or nothing.
 */
export default function StripeExpressCheckout({ lines, coupon = null, scope, publishableKey }: ExpressCheckoutProps & { publishableKey: string | null }) {
  const [, navigate] = useLocation();
  const { data: settings } = useSiteSettings();
  const target = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [noWallet, setNoWallet] = useState(false);
  // the element lives as long as the page; its handlers read the cart as it is when the shopper clicks
  const estimate = checkoutTotals(lines, coupon, settings, 0);
  const current = useRef({ lines, coupon, scope, estimate, navigate });
  useEffect(() => {
    current.current = { lines, coupon, scope, estimate, navigate };
  });

  useEffect(() => {
    if (!publishableKey) return;
    let cancelled = false;
    let element: StripeExpressCheckoutElement | undefined;
    const itemToken = crypto.randomUUID();
    (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey);
        if (!stripe || cancelled || !target.current) return;
        // the amount the wallet sheet shows: the page's estimate until the shop has priced an address
        let shownAmount = Math.max(MIN_AMOUNT_CENTS, current.current.estimate.total);
        let quote: ExpressQuoteResult | null = null;
        const elements = stripe.elements({ mode: 'payment', amount: shownAmount, currency: 'usd' });
        const show = (amount: number) => {
          shownAmount = amount;
          elements.update({ amount });
        };
        const quoteFor = (address: { city?: string; state: string; postal_code: string; country: string }) => {
          const { lines: now, coupon: couponNow } = current.current;
          return quoteExpressCheckout({
            items: paymentItems(now),
            couponCode: couponNow?.code ?? null,
            address: { city: address.city, state: address.state, zip: address.postal_code, country: address.country },
          });
        };

        element = elements.create('expressCheckout', {
          buttonHeight: 48,
          paymentMethods: { applePay: 'auto', googlePay: 'auto', link: 'auto', paypal: 'auto', klarna: 'auto', amazonPay: 'never' },
        });
        // the wallet must open within a second of the click: shipping is the shop's flat rule, known here; tax follows the address
        element.on('click', (event) => {
          const { estimate: totals } = current.current;
          quote = null;
          show(Math.max(MIN_AMOUNT_CENTS, totals.total));
          event.resolve({
            emailRequired: true,
            phoneNumberRequired: true,
            shippingAddressRequired: true,
            allowedShippingCountries: ['US'],
            shippingRates: [{ id: 'standard', displayName: totals.shipping === 0 ? 'Free shipping' : 'Standard shipping', amount: totals.shipping }],
          });
        });
        element.on('shippingaddresschange', async (event) => {
          try {
            quote = await quoteFor(event.address);
            show(quote.totals.total);
            event.resolve({ shippingRates: toRates(quote) });
          } catch {
            event.reject();
          }
        });
        element.on('shippingratechange', (event) => {
          if (quote && !quote.shippingOptions.some((option) => option.id === event.shippingRate.id)) event.reject();
          else event.resolve();
        });
        element.on('confirm', async (event) => {
          const { lines: now, coupon: couponNow, scope: scopeNow, navigate: go } = current.current;
          const submitted = await elements.submit();
          if (submitted.error) {
            setProblem(submitted.error.message ?? 'The payment could not be completed.');
            return;
          }
          let order;
          try {
            order = await placeExpressOrder({
              customerName: event.shippingAddress?.name || event.billingDetails?.name || '',
              customerEmail: event.billingDetails?.email ?? '',
              phone: event.billingDetails?.phone ?? null,
              shippingAddress: walletShippingAddress(event.shippingAddress?.address ?? {}),
              items: paymentItems(now),
              couponCode: couponNow?.code ?? null,
              cartToken: walletCartToken(scopeNow, itemToken),
              shippingOptionId: event.shippingRate?.id ?? 'standard',
              // the amount the sheet showed and the shopper approved: the shop refuses any other (decision 042)
              amount: shownAmount,
            });
          } catch (error) {
            event.paymentFailed({ reason: 'fail', message: reasonOf(error) });
            setProblem(reasonOf(error));
            return;
          }
          const result = await stripe.confirmPayment({
            elements,
            clientSecret: order.clientSecret,
            confirmParams: { return_url: expressReturnUrl(scopeNow) },
            // wallets finish here; pay-later methods leave for their page and come back to return_url
            redirect: 'if_required',
          });
          if (result.error) {
            setProblem(result.error.message ?? 'The payment failed.');
            return;
          }
          const { status, id } = result.paymentIntent;
          // still settling (a bank or pay-later method): the cart and its token stay until it is paid, as the confirmation page keeps them
          if (status === 'succeeded') afterWalletPaid(scopeNow);
          go(expressConfirmationPath(id, status === 'succeeded', scopeNow));
        });
        // a device with no wallet gets no button: the page's "Or pay by card" goes with it (data-no-wallet)
        element.on('ready', ({ availablePaymentMethods }) => setNoWallet(!availablePaymentMethods));
        element.mount(target.current);
      } catch (error) {
        if (!cancelled) setProblem(`Express checkout is unavailable: ${reasonOf(error)}`);
      }
    })();
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey]);

  return (
    <div className="grid gap-2" data-no-wallet={noWallet && !problem ? '' : undefined}>
      <div ref={target} />
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
