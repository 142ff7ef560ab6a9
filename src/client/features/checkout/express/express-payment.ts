import type { CouponResult } from '#common/schemas/checkout.ts';
import type { ExpressOrderInput } from '#common/schemas/express-checkout.ts';
import { setAppliedCoupon } from '../applied-coupon.ts';
import { currentCartToken, startNewCartToken } from '../cart-token.ts';
import type { CheckoutLine } from '../checkout-rules.ts';

// What the simulated wallet and Stripe's Express Checkout Element share: whose cart is paid, and where the shopper lands.

/**
 * `cart`: the wallet pays the cart (the cart page, the drawer, /checkout): it replaces the cart's unpaid
 * card checkout, and the confirmation page empties the cart. `item`: "buy now" on the product page pays that
 * product alone and leaves the cart as it is (decision 042).
 */
type ExpressScope = 'cart' | 'item';

export interface ExpressCheckoutProps {
  lines: readonly CheckoutLine[];
  /** the coupon applied to the cart; buy now passes none */
  coupon?: CouponResult | null;
  scope: ExpressScope;
}

/** The confirmation page's own parameter: this payment did not buy the cart, so the cart stays. */
const CART_KEPT_PARAM = 'cart';

function confirmationQuery(scope: ExpressScope): URLSearchParams {
  const query = new URLSearchParams();
  if (scope === 'item') query.set(CART_KEPT_PARAM, 'kept');
  return query;
}

/** Where a wallet paid on this page lands. */
export function expressConfirmationPath(paymentIntentId: string, succeeded: boolean, scope: ExpressScope): string {
  const query = confirmationQuery(scope);
  query.set('payment_intent', paymentIntentId);
  if (succeeded) query.set('redirect_status', 'succeeded');
  return `/order-confirmation?${query}`;
}

/** Where Stripe sends a shopper back after a method that leaves the page (Klarna, PayPal...); it adds payment_intent and redirect_status. */
export function expressReturnUrl(scope: ExpressScope): string {
  const query = confirmationQuery(scope).toString();
  return `${window.location.origin}/order-confirmation${query ? `?${query}` : ''}`;
}

/**
 * The token the server closes an earlier unpaid order by: the cart's own, or one per visit of the
 * product page (`itemToken`), so buy now never cancels the cart's checkout.
 */
export function walletCartToken(scope: ExpressScope, itemToken: string): string {
  return scope === 'cart' ? currentCartToken() : itemToken;
}

/** After the cart was paid by wallet: a new cart token and no coupon, as after a card payment. */
export function afterWalletPaid(scope: ExpressScope): void {
  if (scope !== 'cart') return;
  startNewCartToken();
  setAppliedCoupon(null);
}

/** A wallet's full address (Stripe's shape) as the order's shipping address. */
export function walletShippingAddress(address: {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}): ExpressOrderInput['shippingAddress'] {
  const street = [address.line1, address.line2].filter((part) => part && part.trim()).join(', ');
  return { street, city: address.city ?? '', state: address.state ?? '', zip: address.postal_code ?? '', country: address.country ?? 'US' };
}
