import { and, eq, inArray } from 'drizzle-orm';
import { RESERVATION_TTL_MINUTES } from '#common/constants.ts';
import { centsToDecimal, formatCents } from '#common/money.ts';
import { MAX_AMOUNT_CENTS, type CheckoutRequest, type CreatePaymentIntentResult, type TaxResult } from '#common/schemas/checkout.ts';
import type { ShippingRatesRequest, ShippingRatesResult } from '#common/schemas/shipping.ts';
import { orders } from '#server/db/schema.ts';
import { conflict, invalidInput, providerFailed } from '#server/errors/domain-errors.ts';
import { checkGiftCardLines, recordGiftCardPurchases } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import { holdGiftCards } from '#server/modules/gift-cards/gift-card-service.ts';
import { setOrderPaymentId } from '#server/modules/orders/order-service.ts';
import { shortOfStockMessage } from '#server/modules/stock/stock-service.ts';
import { closeOrderPayment, closeUnpaidOrder, payOrderByGiftCards, type PaymentContext, type PaymentLog } from '#server/modules/payments/payment-service.ts';
import { queueCheckout, quotaApplies, type CheckoutClient, type OpenOrderQuota } from './checkout-quotas.ts';
import { placeOrder, type PlaceOrderInput } from './place-order.ts';
import { quoteOrder, quoteShippingOptions, type OrderQuote, type QuoteDeps, type QuoteInput } from './quote-order.ts';

export { createCheckoutSettings, type CheckoutSettingsReader } from './checkout-settings.ts';

export interface CheckoutDeps extends QuoteDeps {
  payments: PaymentContext;
  quota: OpenOrderQuota;
  /** Runs a checkout's database work (pricing to the order): in arrival order, a few at once (routes.ts). */
  inTurn: <T>(work: () => Promise<T>) => Promise<T>;
  /** Runs an order statement: one at a time per product it names, in this process. */
  perProduct: <T>(productIds: readonly number[], work: () => Promise<T>) => Promise<T>;
}

type Log = PaymentLog;

/** Stripe's smallest USD charge; the simulator keeps the same rule so both behave alike. */
export const MIN_CHARGE_CENTS = 50;

const UNDER_MIN_CHARGE = `Orders under ${formatCents(MIN_CHARGE_CENTS)} cannot be paid by card`;

const ALREADY_PAID = 'Your earlier payment for this cart has already gone through. Please check your e-mail for the confirmation.';

/** POST /api/tax/calculate: the tax checkout would charge for this cart and address. */
export async function previewTax(deps: QuoteDeps, input: QuoteInput, log?: Log): Promise<TaxResult> {
  const quote = await quoteOrder(deps, { ...input, ignoreUnusableCoupon: true }, log);
  return {
    amount: Number(centsToDecimal(quote.totals.tax)),
    amountCents: quote.totals.tax,
    rate: quote.tax.rate,
    fallback: quote.tax.fallback,
    provider: quote.tax.provider,
  };
}

/** POST /api/shipping/rates: the cart's shipping methods for the address's state, priced. */
export function quoteShippingRates(deps: QuoteDeps, input: ShippingRatesRequest, log?: Log): Promise<ShippingRatesResult> {
  const items = input.items.map((item) => ({ productId: item.productId, variantId: item.variantId, quantity: item.quantity }));
  return quoteShippingOptions(
    deps,
    { items, couponCode: input.couponCode, state: input.toAddress.state, country: input.toAddress.country, zip: input.toAddress.zip },
    log,
  );
}

/**
 * POST /api/create-payment-intent: the server's own figures; the cart's earlier unpaid order
 * closed; then in ONE statement the quota check, the order, its items, the stock and coupon
 * reservations; then the provider's payment, no lock held and no turn taken while it answers. If the
 * provider fails, everything reserved is given back.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  request: CheckoutRequest,
  client: CheckoutClient,
  log?: Log,
  options: CheckoutOptions = {},
): Promise<CreatePaymentIntentResult> {
  const { quote, orderId, orderNumber } = await deps.inTurn(() => reserveOrder(deps, request, client, log, options));
  await recordOrderGiftCardPurchases(deps, orderId, request, log);
  const giftCardCents = await holdOrderGiftCards(deps, orderId, request.giftCardCodes, quote.totals.total, log);
  const total = quote.totals.total - giftCardCents;
  if (total === 0) return payWithGiftCardsOnly(deps, request, orderId, quote, giftCardCents, log);
  if (total < MIN_CHARGE_CENTS) {
    // a total under the smallest charge the cards do not cover whole (their rule never leaves less otherwise)
    await closeUnpaidOrder({ ...deps.payments, log }, orderId, 'cancel_unpaid', { actor: 'system', note: 'Too small to pay by card' });
    throw invalidInput(UNDER_MIN_CHARGE);
  }
  let payment;
  try {
    payment = await deps.payments.provider.createPayment({
      orderId,
      amountCents: total,
      customerEmail: request.customerEmail,
      // the description reaches the customer's card receipt: the public number, never the id
      description: `Order #${orderNumber}`,
    });
  } catch (error) {
    log?.error({ err: error, orderId }, 'payment provider refused to create the payment');
    await closeUnpaidOrder({ ...deps.payments, log }, orderId, 'cancel_unpaid', { actor: 'system', note: 'The payment provider could not start the payment' });
    throw providerFailed('The payment could not be started. Please try again later.');
  }
  await setOrderPaymentId(deps.db, orderId, payment.id);

  return {
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.id,
    orderId,
    amount: total,
    totals: quote.totals,
    provider: deps.payments.provider.name,
    taxFallback: quote.tax.fallback,
    ...(giftCardCents > 0 && { giftCardCents }),
  };
}

/**
 * The gift cards cover the whole total (decision 071): the order is paid here, with no provider call, by the
 * same conditional step a provider's success takes (holds and stock committed, coupon use, e-mails, gift cards
 * it bought). Its payment reference stands in for a payment id on the confirmation page.
 */
async function payWithGiftCardsOnly(
  deps: CheckoutDeps,
  request: CheckoutRequest,
  orderId: number,
  quote: OrderQuote,
  giftCardCents: number,
  log?: Log,
): Promise<CreatePaymentIntentResult> {
  // no card form will show the shopper a changed figure before the cards are spent: a page that expected a
  // card payment (its prices were older) is asked to look again, and what was held goes back on the cards
  if (request.amount !== undefined && request.amount !== 0) {
    await closeUnpaidOrder({ ...deps.payments, log }, orderId, 'cancel_unpaid', { actor: 'system', note: 'The page showed another total' });
    throw conflict(`The total is now ${formatCents(quote.totals.total)}, all of it paid by your gift cards. Please review your order and place it again.`);
  }
  const reference = await payOrderByGiftCards({ ...deps.payments, log }, orderId);
  // only the expiry sweep could close a minutes-old order first; what it held is then back on the cards
  if (!reference) throw conflict('This checkout expired before it was paid. Please place your order again.');
  return {
    clientSecret: null,
    paymentIntentId: reference,
    orderId,
    amount: 0,
    totals: quote.totals,
    provider: deps.payments.provider.name,
    taxFallback: quote.tax.fallback,
    giftCardCents,
    paid: true,
  };
}

/**
 * The gift cards' part of the order (decisions 059, 071), held on the cards in their own transaction once the
 * order exists: the whole total when they cover it, else at most the total less the provider's smallest charge,
 * so a card payment takes the rest. A card that cannot pay closes the new order (giving back its stock) and is
 * refused by name.
 */
async function holdOrderGiftCards(deps: CheckoutDeps, orderId: number, codes: readonly string[], total: number, log?: Log): Promise<number> {
  if (codes.length === 0) return 0;
  try {
    const tenders = await deps.db.transaction((tx) => holdGiftCards(tx, orderId, codes, total));
    return tenders.reduce((sum, tender) => sum + tender.cents, 0);
  } catch (error) {
    await closeUnpaidOrder({ ...deps.payments, log }, orderId, 'cancel_unpaid', { actor: 'system', note: 'A gift card could not pay its part' });
    throw error;
  }
}

/** The gift cards the order buys, one per unit, waiting for the payment (decision 066); a failure closes the new order. */
async function recordOrderGiftCardPurchases(deps: CheckoutDeps, orderId: number, request: CheckoutRequest, log?: Log): Promise<void> {
  try {
    await recordGiftCardPurchases(deps.db, orderId, request.items, request.customerName);
  } catch (error) {
    await closeUnpaidOrder({ ...deps.payments, log }, orderId, 'cancel_unpaid', { actor: 'system', note: 'Its gift cards could not be recorded' });
    throw error;
  }
}

interface CheckoutOptions {
  /** a wallet's checkout: the total the shopper approved in the wallet; any other total is refused before anything is reserved */
  approvedTotal?: number;
}

/** The figures, checked, and the pending order holding its stock (and coupon use). */
async function reserveOrder(deps: CheckoutDeps, request: CheckoutRequest, client: CheckoutClient, log: Log | undefined, options: CheckoutOptions) {
  const quote = await quoteOrder(
    deps,
    { items: request.items, couponCode: request.couponCode, to: request.shippingAddress, shippingMethodId: request.shippingMethodId },
    log,
  );
  checkGiftCardLines(request.items, quote.lines);
  const { total } = quote.totals;
  // gift cards may pay a small order whole; whether they do is known once they are held
  if (total < MIN_CHARGE_CENTS && request.giftCardCodes.length === 0) throw invalidInput(UNDER_MIN_CHARGE);
  if (quote.totals.subtotal > MAX_AMOUNT_CENTS || total > MAX_AMOUNT_CENTS) {
    throw invalidInput('This order is too large to pay online. Please contact us to place it.');
  }
  if (options.approvedTotal !== undefined && options.approvedTotal !== total) {
    throw conflict(`The total is now ${formatCents(total)}. Please review your order and pay again.`);
  }
  if (request.amount !== undefined && request.amount !== total) {
    log?.info({ pageAmount: request.amount, serverAmount: total }, 'page amount differs; charging the server amount');
  }
  const released = request.cartToken ? await replaceOpenOrders({ ...deps.payments, log }, request.cartToken) : 0;
  // a rush's latecomers: already sold out when priced (and this cart gave nothing back), answered without
  // a turn at the product; for everyone else the order statement decides, under lock
  const short = released === 0 ? quote.lines.find((line) => line.stock < line.quantity) : undefined;
  if (short) throw conflict(shortOfStockMessage(short.name, Math.max(0, short.stock)));
  const productIds = quote.lines.map((line) => line.productId);
  const order = await deps.perProduct(productIds, () => createPendingOrder(deps, request, quote, client));
  return { quote, orderId: order.id, orderNumber: order.orderNumber };
}

/**
 * The cart's unpaid orders give way to the new one at once; one already paid stops the new checkout.
 * Answers how many there were (what they held may be back in stock).
 */
async function replaceOpenOrders(ctx: PaymentContext, cartToken: string): Promise<number> {
  const earlier = await ctx.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.cartToken, cartToken), inArray(orders.paymentStatus, ['pending', 'succeeded'])));
  // the page clears the cart and starts a new token after paying: this is a stale tab of a paid cart
  if (earlier.some((order) => order.paymentStatus === 'succeeded')) throw conflict(ALREADY_PAID);
  for (const { id } of earlier) {
    let outcome;
    try {
      outcome = await closeOrderPayment(ctx, id, 'cancel_unpaid', { actor: 'customer', note: 'Replaced by a newer checkout of the same cart' });
    } catch (error) {
      // the provider could not be reached: the old order expires on schedule instead
      ctx.log?.warn({ err: error, orderId: id }, 'could not close the replaced order');
      continue;
    }
    if (outcome === 'paid' || outcome === 'processing') throw conflict(ALREADY_PAID);
  }
  return earlier.length;
}

/**
 * The order and everything it holds, in one statement (place-order.ts). With a quota, the client's
 * checkouts queue behind each other first, so each counts the orders of those before it.
 */
async function createPendingOrder(
  deps: CheckoutDeps,
  request: CheckoutRequest,
  quote: OrderQuote,
  client: CheckoutClient,
): Promise<{ id: number; orderNumber: string }> {
  const { totals } = quote;
  const input: PlaceOrderInput = {
    order: {
      customerName: request.customerName,
      customerEmail: request.customerEmail,
      phone: request.phone,
      // a cart of gift cards alone may have no address (decision 071): nothing is shipped
      street: request.shippingAddress?.street ?? null,
      city: request.shippingAddress?.city ?? null,
      state: request.shippingAddress?.state ?? null,
      zipCode: request.shippingAddress?.zip ?? null,
      country: request.shippingAddress?.country ?? 'US',
      subtotal: centsToDecimal(totals.subtotal),
      discountTotal: centsToDecimal(totals.discount),
      shippingTotal: centsToDecimal(totals.shipping),
      taxTotal: centsToDecimal(totals.tax),
      shippingTax: centsToDecimal(quote.tax.shippingTaxCents),
      total: centsToDecimal(totals.total),
      couponCode: quote.coupon?.code ?? null,
      shippingMethodId: Number.isInteger(Number(quote.shipping.id)) ? Number(quote.shipping.id) : null,
      shippingMethodName: quote.shipping.name,
      shippingMethodKind: quote.shipping.kind,
      shippingArrivesFrom: quote.shipping.arrivesFrom,
      shippingArrivesBy: quote.shipping.arrivesBy,
      paymentProvider: deps.payments.provider.name,
      cartToken: request.cartToken ?? null,
    },
    lines: quote.lines,
    couponId: quote.coupon?.id ?? null,
    expiresAt: new Date(Date.now() + RESERVATION_TTL_MINUTES * 60_000),
    client,
    quota: quotaApplies(deps.quota) ? deps.quota : null,
  };
  if (!input.quota) return placeOrder(deps.db, input);
  return deps.db.transaction(async (tx) => {
    await queueCheckout(
      tx,
      client,
      input.lines.map((line) => line.productId),
    );
    return placeOrder(tx, input);
  });
}
