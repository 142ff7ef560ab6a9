import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ShieldCheck } from 'lucide-react';
import { shipsNothing } from '#common/physical-lines.ts';
import type { SavedAddress } from '#common/schemas/addresses.ts';
import type { CreatePaymentIntentInput } from '#common/schemas/checkout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { useSavedAddresses } from '../api/get-saved-addresses.ts';
import { useShippingDestinations } from '../api/get-shipping-destinations.ts';
import { saveAddress } from '../api/save-address.ts';
import { setAppliedCoupon, useAppliedCoupon } from '../applied-coupon.ts';
import { applyGiftCard, clearGiftCards, removeGiftCard, useAppliedGiftCards } from '../applied-gift-cards.ts';
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
import { useDiscountPreview } from '../api/preview-discounts.ts';
import { checkoutTotals } from '../checkout-totals.ts';
import { giftCardTender } from '../gift-card-tender.ts';
import { chosenMethod, shippingMethods } from '../shipping-methods.ts';
import { useShippingRates } from '../api/get-shipping-rates.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { ContactSection } from './contact-section.tsx';
import { PaymentStep } from './payment-step.tsx';
import { ShippingAddressSection, type ShippingField } from './shipping-address-section.tsx';
import { ShippingMethodSection } from './shipping-method-section.tsx';
import { useCheckoutPayment } from './use-checkout-payment.ts';
import { useCustomerDraft } from './use-customer-draft.ts';
import { useTax } from './use-tax.ts';

/** What checkout needs of the cart; src/client/app passes the cart feature's store in. */
export interface CheckoutCart {
  /** the lines the order is made of (sold-out lines are left out) */
  items: readonly CheckoutLine[];
  /** how many of the cart's lines are sold out, so left out of the order */
  soldOutLines: number;
  clear: () => void;
  /** re-reads the lines' prices and stock from the shop */
  refresh: () => Promise<void>;
}

function confirmationPath(paymentIntentId: string, succeeded: boolean): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId });
  if (succeeded) query.set('redirect_status', 'succeeded');
  return `/order-confirmation?${query}`;
}

function addressOf(saved: SavedAddress): AddressDraft {
  return { street: saved.street, city: saved.city, state: saved.state, zip: saved.zip, ...(saved.country === 'CA' && { country: 'CA' as const }) };
}

interface CheckoutFormProps {
  cart: CheckoutCart;
  /** the wallet buttons (express checkout), shown above the form when the page is given them */
  expressCheckout?: ReactNode;
}

/**
 * /checkout's form: contact, shipping address, shipping method, payment, with the order summary beside
 * it (above it on phones). Tax is computed by itself once the address is whole; Continue to Payment makes
 * the payment (the server's total is the one charged) and shows the card form.
 */
export function CheckoutForm({ cart, expressCheckout }: CheckoutFormProps) {
  const [, navigate] = useLocation();
  const { data: settings } = useSiteSettings();
  const { user } = useCurrentUser();
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const { customer, changeCustomer } = useCustomerDraft();
  const coupon = useAppliedCoupon();
  const giftCards = useAppliedGiftCards();
  const [showProblems, setShowProblems] = useState(false);
  const [shippingMethod, setShippingMethod] = useState('standard');
  const formRef = useRef<HTMLDivElement>(null);

  // a customer's address book: the default (listed first) fills the form, unless the shopper has started typing
  const saved = useSavedAddresses(user !== null);
  const savedAddresses = saved.data?.addresses ?? [];
  const [chosenAddressId, setChosenAddressId] = useState<number | null>(null);
  const [saveToAccount, setSaveToAccount] = useState(false);
  const prefilledFromBook = useRef(false);
  const firstSaved = savedAddresses[0];
  useEffect(() => {
    if (prefilledFromBook.current || !firstSaved) return;
    prefilledFromBook.current = true;
    if (address.street || address.city || address.zip) return;
    chooseAddress(firstSaved);
    // only when the book first arrives: choosing later is the shopper's
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstSaved]);

  // the methods for the chosen state, priced by the server; before it answers, the spec's Standard shipping
  const rates = useShippingRates({ state: address.state, country: address.country, zip: address.zip, lines: cart.items, couponCode: coupon?.code ?? null });
  const destinations = useShippingDestinations();
  const offered = rates.data?.methods;
  // automatic discounts (a quantity break) need no code: the server names them, as on the cart page
  const discounts = useDiscountPreview(cart.items, coupon?.code ?? null);
  // a cart of gift cards alone ships nothing and is not taxed: no address is asked for (decision 071)
  const noShipping = shipsNothing(cart.items);
  const methods = shippingMethods(checkoutTotals(cart.items, coupon, settings, 0, undefined, discounts), offered, noShipping);
  const method = chosenMethod(methods, shippingMethod);
  const methodCents = offered && method ? method.priceCents : undefined;
  const methodId = offered && method ? method.id : undefined;
  const beforeTax = checkoutTotals(cart.items, coupon, settings, 0, methodCents, discounts);
  const taxState = useTax({
    address,
    lines: cart.items,
    orderTotalCents: beforeTax.subtotal - beforeTax.discount,
    couponCode: coupon?.code ?? null,
    shippingMethodId: methodId ?? null,
  });
  const totals = checkoutTotals(cart.items, coupon, settings, taxState.tax?.amountCents ?? 0, methodCents, discounts);
  const tender = giftCardTender(giftCards, Math.round(totals.total));
  const giftCardCodes = giftCards.map((card) => card.code);

  const paymentRequest = (): CreatePaymentIntentInput => ({
    // cents, rounded, what the card pays after the gift cards; the server charges its own figure and answers with it
    amount: tender.leftToPayCents,
    items: paymentItems(cart.items),
    couponCode: coupon?.code ?? null,
    shippingMethodId: methodId,
    ...(!noShipping && { shippingAddress: toShippingAddress(address) }),
    customerName: customer.customerName.trim(),
    customerEmail: customer.customerEmail.trim(),
    phone: customer.phone.trim() || '',
    cartToken: currentCartToken(),
    giftCardCodes,
  });
  const payment = useCheckoutPayment({
    key: JSON.stringify([toShippingAddress(address), customer, linesKey(cart.items), coupon?.code ?? null, methodId ?? null, giftCardCodes]),
    request: paymentRequest,
    // refused (stock taken meanwhile) or priced differently: the lines show the shop's figures again
    refreshLines: () => cart.refresh().catch(() => undefined),
    paidByGiftCards: (paymentReference) => paid(paymentReference, true),
  });
  // the applied gift cards cover everything: the button places the order, no card is asked for
  const giftCardsPayAll = giftCards.length > 0 && tender.leftToPayCents === 0;

  function changeShipping(field: ShippingField, value: string) {
    if (field === 'customerName' || field === 'phone') {
      changeCustomer(field, value);
    } else {
      // changing any address field clears the tax result; another country's states and postal codes are not this one's
      setAddress((current) =>
        field === 'country' ? { ...current, country: value === 'CA' ? 'CA' : undefined, state: '', zip: '' } : { ...current, [field]: value },
      );
      taxState.clear();
    }
    setChosenAddressId(null);
  }

  function chooseAddress(chosen: SavedAddress | null) {
    setChosenAddressId(chosen?.id ?? null);
    if (!chosen) return;
    setAddress(addressOf(chosen));
    changeCustomer('customerName', chosen.fullName);
    if (chosen.phone) changeCustomer('phone', chosen.phone);
    taxState.clear();
  }

  function continueToPayment() {
    if (payment.preparing || rates.isFetching) return;
    // from now on each field says beside it what is wrong with it
    setShowProblems(true);
    const problem = checkoutProblem(address, customer, !noShipping);
    if (problem) {
      // the spec's toast, and the field it is about marked and focused
      toast({ ...problem, variant: 'destructive' });
      formRef.current?.querySelector<HTMLElement>(`[name="${firstProblemField(address, customer, !noShipping)}"]`)?.focus();
      return;
    }
    payment.start();
  }

  function rememberAddress() {
    if (!user || !saveToAccount || noShipping) return;
    const shipped = toShippingAddress(address);
    // the order is placed whatever happens here: a failure only means the book did not grow
    saveAddress({
      fullName: customer.customerName.trim(),
      street: shipped.street,
      city: shipped.city,
      state: shipped.state,
      zip: shipped.zip,
      // the API's default is the US, so a US address is saved as it always was
      ...(shipped.country === 'CA' && { country: 'CA' as const }),
      phone: customer.phone.trim() || null,
    }).catch((error: unknown) => console.error('The address could not be saved to the account', error));
  }

  function paid(paymentIntentId: string, succeeded: boolean) {
    toast({ title: 'Order placed successfully!', description: 'Thank you for your purchase.' });
    rememberAddress();
    // cart, coupon and tax are cleared on success
    setAppliedCoupon(null);
    clearGiftCards();
    payment.reset();
    startNewCartToken();
    taxState.clear();
    navigate(confirmationPath(paymentIntentId, succeeded));
    cart.clear();
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      {/* first in the page: on phones it is the bar above the form; on wide screens the column beside it */}
      <div className="lg:col-start-2 lg:row-start-1">
        <CheckoutSummary
          lines={cart.items}
          totals={totals}
          discounts={discounts?.discounts}
          coupon={coupon}
          onCouponChange={setAppliedCoupon}
          tax={taxState.tax}
          isCalculatingTax={taxState.isCalculating}
          untaxed={noShipping}
          giftCards={{ cards: giftCards, tender, onApplied: applyGiftCard, onRemoved: removeGiftCard }}
        />
      </div>

      <div ref={formRef} className="grid gap-6 lg:col-start-1 lg:row-start-1">
        {/* a wallet pays the whole total by itself: it cannot carry the gift cards applied here */}
        {expressCheckout && giftCards.length === 0 ? (
          <section aria-label="Express checkout" className="grid gap-3 [&:has([data-no-wallet])]:hidden">
            {/* the buttons arrive after the page (their own chunk): their row is kept for them, so the form below does not jump */}
            <div className="min-h-12">{expressCheckout}</div>
            <p className="flex items-center gap-3 text-sm text-gray-600 before:h-px before:flex-1 before:bg-gray-200 after:h-px after:flex-1 after:bg-gray-200">
              Or pay by card
            </p>
          </section>
        ) : null}
        <ContactSection
          email={customer.customerEmail}
          onChange={(email) => changeCustomer('customerEmail', email)}
          signedIn={user !== null}
          showProblems={showProblems}
          {...(noShipping && { name: { value: customer.customerName, onChange: (name: string) => changeCustomer('customerName', name) } })}
        />
        {noShipping ? null : (
          <ShippingAddressSection
            address={address}
            customer={customer}
            onChange={changeShipping}
            showProblems={showProblems}
            savedAddresses={savedAddresses}
            chosenAddressId={chosenAddressId}
            caProvinces={destinations.data?.caProvinces}
            onChooseAddress={chooseAddress}
            canSave={user !== null}
            save={saveToAccount}
            onSaveChange={setSaveToAccount}
          />
        )}
        <ShippingMethodSection
          methods={methods}
          selected={method?.id ?? null}
          onSelect={setShippingMethod}
          freeShippingGapCents={totals.freeShippingGapCents}
          pickupAddress={rates.data?.pickupAddress ?? null}
          state={address.state}
        />

        {payment.current ? (
          <PaymentStep
            payment={payment.current}
            pageTotalCents={tender.leftToPayCents}
            closedMessage={payment.closedMessage}
            preparing={payment.preparing}
            onPaid={paid}
            onClosed={payment.closed}
            onCardEdited={payment.cardEdited}
          />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Payment</CardTitle>
              <p className="text-sm text-gray-700">
                {giftCardsPayAll
                  ? 'Your gift cards pay the whole order, so no card is needed.'
                  : 'Your order is checked and your items are held while you enter your card.'}
              </p>
            </CardHeader>
            <CardContent>
              {/* while the methods for a new address load, the method is not settled: a payment made then would be
                  dropped the moment they answer, as it belongs to the order with its method */}
              <Button size="lg" className="w-full" onClick={continueToPayment} disabled={payment.preparing || rates.isFetching}>
                <ShieldCheck className="h-5 w-5" aria-hidden="true" />
                {payment.preparing ? (giftCardsPayAll ? 'Placing order...' : 'Preparing payment...') : giftCardsPayAll ? 'Place Order' : 'Continue to Payment'}
              </Button>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
