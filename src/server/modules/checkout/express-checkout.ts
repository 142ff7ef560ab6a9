import type { ShippingAddress } from '#common/schemas/checkout.ts';
import type { ExpressOrderRequest, ExpressQuoteRequest, ExpressQuoteResult, ShippingOption } from '#common/schemas/express-checkout.ts';
import type { CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import { STANDARD_METHOD_ID, type ShippingQuoteOption } from '#common/schemas/shipping.ts';
import type { PaymentLog } from '#server/modules/payments/payment-service.ts';
import type { TaxService } from '#server/modules/tax/tax-service.ts';
import type { CheckoutClient } from './checkout-quotas.ts';
import { createCheckout, type CheckoutDeps } from './checkout-service.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';
import { priceLines } from './price-lines.ts';
import { quoteOrder, type QuoteDeps } from './quote-order.ts';

// Express checkout (decision 042): a wallet is priced
// by the same quote as the card form and its order is placed by the same createCheckout; only the
// input differs (an address known in parts until the shopper confirms, and a total the shopper approved).

type Log = PaymentLog;

/** A wallet cannot carry a gift card's recipient, message and day (decision 066): such a cart checks out by the form. */
const EXPRESS_GIFT_CARD_REFUSAL = 'Gift cards cannot be bought with express checkout. Please check out to say who each card is for.';

async function refuseGiftCards(deps: QuoteDeps, items: ExpressQuoteRequest['items']): Promise<void> {
  const lines = await priceLines(deps.db, items);
  if (lines.some((line) => line.giftCard)) throw invalidInput(EXPRESS_GIFT_CARD_REFUSAL);
}

/** The methods that take the cart to the wallet's state (decision 049), the one priced in the totals first, as the wallet lists them. */
function shippingOptionsOf(chosen: ShippingQuoteOption, options: readonly ShippingQuoteOption[]): ShippingOption[] {
  const label = (option: ShippingQuoteOption) =>
    // the built-in method keeps its wallet label: the spec's one rule, "Free shipping" over the threshold
    option.id === STANDARD_METHOD_ID && option.priceCents === 0 ? 'Free shipping' : option.name;
  return [chosen, ...options.filter((option) => option.id !== chosen.id)].map((option) => ({
    id: option.id,
    label: label(option),
    amountCents: option.priceCents,
  }));
}

/** Before the wallet shares an address there is nothing to tax: the quote says so instead of guessing. */
function untaxed(tax: TaxService): TaxService {
  return {
    provider: tax.provider,
    quote: async () => ({ taxCents: 0, shippingTaxCents: 0, rate: 0, fallback: false, provider: tax.provider }),
  };
}

/**
 * POST /api/express-checkout/quote: shipping options and the order's figures for a wallet's partial
 * address (city, state, ZIP code). Tax providers price by those; the street only refines TaxJar's answer.
 */
export async function quoteExpressCheckout(deps: QuoteDeps, input: ExpressQuoteRequest, log?: Log): Promise<ExpressQuoteResult> {
  await refuseGiftCards(deps, input.items);
  const { address } = input;
  const to: ShippingAddress = address
    ? { street: '', city: address.city ?? '', state: address.state, zip: address.zip, country: 'US' }
    : // not taxed (the untaxed service answers without it); shipping is priced as for Texas until the wallet shares its state
      { street: '', city: '', state: 'TX', zip: '00000', country: 'US' };
  const quote = await quoteOrder(
    address ? deps : { ...deps, tax: untaxed(deps.tax) },
    { items: input.items, couponCode: input.couponCode, to, shippingMethodId: input.shippingOptionId, cheapestIfUnavailable: true },
    log,
  );
  return {
    shippingOptions: shippingOptionsOf(quote.shipping, quote.shippingOptions),
    totals: quote.totals,
    taxIncluded: address !== undefined,
    taxFallback: quote.tax.fallback,
  };
}

/**
 * POST /api/express-checkout/orders: the wallet's order through createCheckout (the same quotas,
 * reservation in one statement, coupon use, lifecycle and provider payment as the card form), refused
 * when the server's total is no longer the one the shopper approved in the wallet.
 */
export async function placeExpressOrder(
  deps: CheckoutDeps,
  request: ExpressOrderRequest,
  client: CheckoutClient,
  log?: Log,
): Promise<CreatePaymentIntentResult> {
  await refuseGiftCards(deps, request.items);
  // the option is priced like the card form's method: one that does not take this cart there is refused by the quote
  return createCheckout(deps, { ...request, shippingMethodId: request.shippingOptionId }, client, log, { approvedTotal: request.amount });
}
