import { lazy, Suspense } from 'react';
import { usePublicConfig } from '#client/lib/get-public-config.ts';
import { useAppliedCoupon } from '../applied-coupon.ts';
import type { ExpressCheckoutProps } from './express-payment.ts';
import { SimulatedWallet } from './simulated-wallet.tsx';

// Stripe.js only when Stripe is the provider, and only where a wallet button is shown (decision 042)
const StripeExpressCheckout = lazy(() => import('./stripe-express-checkout.tsx'));

/**
 * Express checkout: Stripe's wallet buttons when the shop takes payments through Stripe, the simulator's
 * wallet otherwise. Nothing until the shop's provider is known, with nothing to pay for, or with a gift card line. The cart's
 * wallet pays with the coupon applied to the cart; buy now pays the product alone.
 */
export default function ExpressCheckout({ lines, scope }: Omit<ExpressCheckoutProps, 'coupon'>) {
  const { data: config } = usePublicConfig();
  const applied = useAppliedCoupon();
  const coupon = scope === 'cart' ? applied : null;
  // a wallet cannot carry a gift card's recipient (decision 066): a cart holding one checks out by the form
  if (!config || lines.length === 0 || lines.some((line) => line.giftCard)) return null;
  if (config.paymentProvider === 'stripe') {
    return (
      <Suspense fallback={null}>
        <StripeExpressCheckout lines={lines} coupon={coupon} scope={scope} publishableKey={config.stripePublishableKey} />
      </Suspense>
    );
  }
  return <SimulatedWallet lines={lines} coupon={coupon} scope={scope} />;
}
