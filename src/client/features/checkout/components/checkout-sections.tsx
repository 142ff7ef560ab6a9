import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Calculator, ShieldCheck } from 'lucide-react';
import { couponForTotals, orderTotals, settingCents } from '#common/order-totals.ts';
import type { CouponResult, CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { useCreatePaymentIntent } from '../api/create-payment-intent.ts';
import { currentCartToken, startNewCartToken } from '../cart-token.ts';
import {
  EMPTY_ADDRESS,
  checkoutProblem,
  isAddressComplete,
  isValidEmail,
  linesKey,
  priceCentsOf,
  toShippingAddress,
  type AddressDraft,
  type CheckoutLine,
  type CustomerDraft,
} from '../checkout-rules.ts';
import { CouponBox } from './coupon-box.tsx';
import { CustomerInfoSection } from './customer-info-section.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PaymentStep } from './payment-step.tsx';
import { ShippingAddressSection } from './shipping-address-section.tsx';
import { useTax } from './use-tax.ts';

/** What checkout needs of the cart; src/client/app passes the cart feature's store in. */
export interface CheckoutCart {
  items: readonly CheckoutLine[];
  clear: () => void;
}

interface StoredPayment {
  result: CreatePaymentIntentResult;
  /** the order the payment was created for: any change of it needs a new payment */
  orderKey: string;
}

function confirmationPath(paymentIntentId: string, succeeded: boolean): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId });
  if (succeeded) query.set('redirect_status', 'succeeded');
  return `/order-confirmation?${query}`;
}

/**
 * spec/storefront.md §2 and §4 checkout on /cart: shipping address, customer information, coupon, tax,
 * order summary, Proceed to Checkout, then the card form. Totals come from orderTotals (src/common),
 * the rule the server charges by (DESIGN.md §6).
 */
export default function CheckoutSections({ cart }: { cart: CheckoutCart }) {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const { data: settings } = useSiteSettings();
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [customer, setCustomer] = useState<CustomerDraft>({ customerName: '', customerEmail: '', phone: '' });
  const [coupon, setCoupon] = useState<CouponResult | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [payment, setPayment] = useState<StoredPayment | null>(null);
  // why the previous payment closed (a declined card): shown beside the new card form
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const createPayment = useCreatePaymentIntent();
  const sectionsRef = useRef<HTMLDivElement>(null);

  // spec §2: prefilled from the signed-in user, without overwriting what the shopper typed
  const prefilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user || prefilledFor.current === user.id) return;
    prefilledFor.current = user.id;
    setCustomer((current) => ({
      ...current,
      customerName: current.customerName || user.username,
      customerEmail: current.customerEmail || (user.email ?? ''),
    }));
  }, [user]);

  const items = cart.items.map((line) => ({ priceCents: priceCentsOf(line.product.price), quantity: line.quantity }));
  const shippingCostCents = settingCents(settings?.shippingCost);
  const freeShippingThresholdCents = settingCents(settings?.freeShippingThreshold);
  const beforeTax = orderTotals({ items, coupon: couponForTotals(coupon), shippingCostCents, freeShippingThresholdCents, taxCents: 0 });
  const taxState = useTax({
    address,
    lines: cart.items,
    orderTotalCents: beforeTax.subtotal - beforeTax.discount,
    couponCode: coupon?.code ?? null,
  });
  const totals = orderTotals({
    items,
    coupon: couponForTotals(coupon),
    shippingCostCents,
    freeShippingThresholdCents,
    taxCents: taxState.tax?.amountCents ?? 0,
  });
  const freeShippingGapCents = totals.shipping > 0 && freeShippingThresholdCents !== null ? freeShippingThresholdCents - totals.subtotal : null;

  const orderKey = JSON.stringify([toShippingAddress(address), customer, linesKey(cart.items), coupon?.code ?? null]);
  const currentPayment = payment && payment.orderKey === orderKey ? payment.result : null;

  function changeAddress(field: keyof AddressDraft, value: string) {
    // spec §4: changing any address field clears the tax result
    setAddress((current) => ({ ...current, [field]: value }));
    taxState.clear();
  }

  function changeCustomer(field: keyof CustomerDraft, value: string) {
    setCustomer((current) => ({ ...current, [field]: value }));
  }

  function focusField(name: string) {
    sectionsRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  }

  function firstProblemField(): string {
    if (!isAddressComplete(address)) return (['street', 'city', 'state', 'zip'] as const).find((field) => !address[field].trim()) ?? 'street';
    if (!customer.customerName.trim()) return 'customerName';
    return isValidEmail(customer.customerEmail) ? 'customerName' : 'customerEmail';
  }

  function proceed() {
    if (createPayment.isPending) return;
    const problem = checkoutProblem(address, customer);
    if (problem) {
      setShowProblems(true);
      toast({ ...problem, variant: 'destructive' });
      focusField(firstProblemField());
      return;
    }
    startPayment();
  }

  /** Asks the server for a payment for the cart as it is now; it replaces this cart's earlier unpaid one. */
  function startPayment() {
    const key = orderKey;
    createPayment.mutate(
      {
        // spec §9: cents, rounded; the server charges its own figure and answers with it
        amount: Math.round(totals.total),
        items: cart.items.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
        couponCode: coupon?.code ?? null,
        shippingAddress: toShippingAddress(address),
        customerName: customer.customerName.trim(),
        customerEmail: customer.customerEmail.trim(),
        phone: customer.phone.trim() || '',
        cartToken: currentCartToken(),
      },
      {
        onSuccess: (result) => setPayment({ result, orderKey: key }),
        onError: (error) => {
          setPayment(null);
          setClosedMessage(null);
          toast({ title: 'Error initializing payment', description: error.message || 'Please try again later.', variant: 'destructive' });
        },
      },
    );
  }

  /** The card was declined (or the payment closed): a new payment is ready for the next card at once. */
  function paymentClosed(message: string) {
    setClosedMessage(message);
    startPayment();
  }

  function paid(paymentIntentId: string, succeeded: boolean) {
    toast({ title: 'Order placed successfully!', description: 'Thank you for your purchase.' });
    // spec §4: cart, coupon and tax are cleared on success
    setCoupon(null);
    setPayment(null);
    setClosedMessage(null);
    startNewCartToken();
    taxState.clear();
    navigate(confirmationPath(paymentIntentId, succeeded));
    cart.clear();
  }

  return (
    <div ref={sectionsRef} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="grid gap-6">
        <ShippingAddressSection address={address} onChange={changeAddress} showMissing={showProblems} />
        <CustomerInfoSection customer={customer} onChange={changeCustomer} showProblems={showProblems} />
      </div>

      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <CouponBox coupon={coupon} onApplied={setCoupon} onRemoved={() => setCoupon(null)} />
            <OrderSummary totals={totals} couponCode={coupon?.code ?? null} tax={taxState.tax} freeShippingGapCents={freeShippingGapCents} />
            <div className="grid gap-3">
              <Button variant="outline" onClick={taxState.calculate} disabled={taxState.isCalculating}>
                <Calculator className="h-4 w-4" aria-hidden="true" />
                {taxState.isCalculating ? 'Calculating...' : 'Calculate Tax'}
              </Button>
              {currentPayment ? null : (
                <Button size="lg" onClick={proceed} disabled={createPayment.isPending}>
                  <ShieldCheck className="h-5 w-5" aria-hidden="true" />
                  {createPayment.isPending ? 'Preparing payment...' : 'Proceed to Checkout'}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>

        {currentPayment ? (
          <PaymentStep
            payment={currentPayment}
            pageTotalCents={Math.round(totals.total)}
            closedMessage={closedMessage}
            preparing={createPayment.isPending}
            onPaid={paid}
            onClosed={paymentClosed}
          />
        ) : null}
      </div>
    </div>
  );
}
