import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CouponResult, CreatePaymentIntentInput } from '#common/schemas/checkout.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { currentCartToken, startNewCartToken } from '../cart-token.ts';
import {
  EMPTY_ADDRESS,
  checkoutProblem,
  firstProblemField,
  linesKey,
  paymentItems,
  toShippingAddress,
  type AddressDraft,
  type CheckoutLine,
} from '../checkout-rules.ts';
import { checkoutTotals } from '../checkout-totals.ts';
import { CustomerInfoSection } from './customer-info-section.tsx';
import { OrderSummaryCard } from './order-summary-card.tsx';
import { PaymentStep } from './payment-step.tsx';
import { ShippingAddressSection } from './shipping-address-section.tsx';
import { useCheckoutPayment } from './use-checkout-payment.ts';
import { useCustomerDraft } from './use-customer-draft.ts';
import { useTax } from './use-tax.ts';

/** What checkout needs of the cart; src/client/app passes the cart feature's store in. */
export interface CheckoutCart {
  /** the lines the order is made of (sold-out lines are left out) */
  items: readonly CheckoutLine[];
  clear: () => void;
  /** re-reads the lines' prices and stock from the shop */
  refresh: () => Promise<void>;
}

function confirmationPath(paymentIntentId: string, succeeded: boolean): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId });
  if (succeeded) query.set('redirect_status', 'succeeded');
  return `/order-confirmation?${query}`;
}

/**
 * Checkout on /cart: shipping address, customer information, coupon, tax, order summary,
 * Proceed to Checkout, then the card form.
 */
export default function CheckoutSections({ cart }: { cart: CheckoutCart }) {
  const [, navigate] = useLocation();
  const { data: settings } = useSiteSettings();
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const { customer, changeCustomer } = useCustomerDraft();
  const [coupon, setCoupon] = useState<CouponResult | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const sectionsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // "Check out" (the Added to Cart toast) links to /cart#checkout: these sections load after the page, so the browser cannot scroll to them itself
    if (window.location.hash === '#checkout') sectionsRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  const beforeTax = checkoutTotals(cart.items, coupon, settings, 0);
  const taxState = useTax({
    address,
    lines: cart.items,
    orderTotalCents: beforeTax.subtotal - beforeTax.discount,
    couponCode: coupon?.code ?? null,
  });
  const totals = checkoutTotals(cart.items, coupon, settings, taxState.tax?.amountCents ?? 0);

  const paymentRequest = (): CreatePaymentIntentInput => ({
    // cents, rounded; the server charges its own figure and answers with it
    amount: Math.round(totals.total),
    items: paymentItems(cart.items),
    couponCode: coupon?.code ?? null,
    shippingAddress: toShippingAddress(address),
    customerName: customer.customerName.trim(),
    customerEmail: customer.customerEmail.trim(),
    phone: customer.phone.trim() || '',
    cartToken: currentCartToken(),
  });
  const payment = useCheckoutPayment({
    key: JSON.stringify([toShippingAddress(address), customer, linesKey(cart.items), coupon?.code ?? null]),
    request: paymentRequest,
    // refused (stock taken meanwhile) or priced differently: the lines show the shop's figures again
    refreshLines: () => cart.refresh().catch(() => undefined),
  });

  function changeAddress(field: keyof AddressDraft, value: string) {
    // changing any address field clears the tax result
    setAddress((current) => ({ ...current, [field]: value }));
    taxState.clear();
  }

  function proceed() {
    if (payment.preparing) return;
    const problem = checkoutProblem(address, customer);
    if (problem) {
      setShowProblems(true);
      toast({ ...problem, variant: 'destructive' });
      sectionsRef.current?.querySelector<HTMLElement>(`[name="${firstProblemField(address, customer)}"]`)?.focus();
      return;
    }
    payment.start();
  }

  function paid(paymentIntentId: string, succeeded: boolean) {
    toast({ title: 'Order placed successfully!', description: 'Thank you for your purchase.' });
    // cart, coupon and tax are cleared on success
    setCoupon(null);
    payment.reset();
    startNewCartToken();
    taxState.clear();
    navigate(confirmationPath(paymentIntentId, succeeded));
    cart.clear();
  }

  return (
    <div ref={sectionsRef} id="checkout" className="scroll-mt-20 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="grid gap-6">
        <ShippingAddressSection address={address} onChange={changeAddress} showMissing={showProblems} />
        <CustomerInfoSection customer={customer} onChange={changeCustomer} showProblems={showProblems} />
      </div>

      <div className="grid gap-6">
        <OrderSummaryCard
          totals={totals}
          coupon={coupon}
          onCouponChange={setCoupon}
          tax={taxState.tax}
          isCalculatingTax={taxState.isCalculating}
          onCalculateTax={taxState.calculate}
          showProceed={payment.current === null}
          preparingPayment={payment.preparing}
          onProceed={proceed}
        />

        {payment.current ? (
          <PaymentStep
            payment={payment.current}
            pageTotalCents={Math.round(totals.total)}
            closedMessage={payment.closedMessage}
            preparing={payment.preparing}
            onPaid={paid}
            onClosed={payment.closed}
            onCardEdited={payment.cardEdited}
          />
        ) : null}
      </div>
    </div>
  );
}
