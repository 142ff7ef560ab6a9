import { eq } from 'drizzle-orm';
import { RESERVATION_TTL_MINUTES } from '#common/constants.ts';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { CheckoutRequest, CreatePaymentIntentResult, TaxResult } from '#common/schemas/checkout.ts';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { badRequest, conflict, HttpError } from '#server/http/errors.ts';
import { cancelOpenPayment } from '#server/modules/payments/cancel-open-payment.ts';
import { failPayment } from '#server/modules/payments/finalise-payment.ts';
import type { PaymentContext, PaymentLog } from '#server/modules/payments/payment-context.ts';
import { sweepExpiredReservations } from '#server/modules/payments/sweep-expired.ts';
import type { TaxService } from '#server/modules/tax/tax-service.ts';
import { quoteOrder, type OrderQuote, type QuoteInput } from './quote-order.ts';
import { reserveCouponUse, reserveStock } from './reservations.ts';

export interface CheckoutDeps {
  db: Database;
  tax: TaxService;
  payments: PaymentContext;
}

type Log = PaymentLog;

/** Stripe's smallest USD charge; the simulator keeps the same rule so both behave alike. */
export const MIN_CHARGE_CENTS = 50;

/** POST /api/tax/calculate: the tax checkout would charge for this cart and address. */
export async function previewTax(deps: Pick<CheckoutDeps, 'db' | 'tax'>, input: QuoteInput, log?: Log): Promise<TaxResult> {
  const quote = await quoteOrder(deps, { ...input, ignoreUnusableCoupon: true }, log);
  return {
    amount: Number(centsToDecimal(quote.totals.tax)),
    amountCents: quote.totals.tax,
    rate: quote.tax.rate,
    fallback: quote.tax.fallback,
    provider: quote.tax.provider,
  };
}

/**
 * POST /api/create-payment-intent (DESIGN.md §6): the server's own figures, then in ONE
 * transaction the order, its items, the stock and coupon reservations; then the provider's
 * payment. If the provider fails, everything reserved is given back.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  request: CheckoutRequest,
  userId: number | null,
  log?: Log,
): Promise<CreatePaymentIntentResult> {
  await sweepExpiredReservations({ ...deps.payments, log }).catch((error: unknown) => log?.warn({ err: error }, 'reservation sweep failed'));

  if (request.previousPaymentIntentId) await cancelOpenPayment({ ...deps.payments, log }, request.previousPaymentIntentId);

  const quote = await quoteOrder(deps, { items: request.items, couponCode: request.couponCode, to: request.shippingAddress }, log);
  const { total } = quote.totals;
  if (total < MIN_CHARGE_CENTS) throw badRequest(`Orders under $${centsToDecimal(MIN_CHARGE_CENTS)} cannot be paid by card`);
  if (request.amount !== undefined && request.amount !== total) {
    log?.info({ pageAmount: request.amount, serverAmount: total }, 'page amount differs; charging the server amount');
  }

  const orderId = await createPendingOrder(deps, request, quote, userId, deps.payments.provider.name);

  let payment;
  try {
    payment = await deps.payments.provider.createPayment({
      orderId,
      amountCents: total,
      customerEmail: request.customerEmail,
      description: `Order #${orderId}`,
    });
  } catch (error) {
    log?.error({ err: error, orderId }, 'payment provider refused to create the payment');
    await failPayment({ ...deps.payments, log }, { orderId, outcome: 'cancelled' });
    throw new HttpError(502, 'The payment could not be started. Please try again later.');
  }
  await deps.db.update(orders).set({ stripePaymentIntentId: payment.id, updatedAt: new Date() }).where(eq(orders.id, orderId));

  return {
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.id,
    orderId,
    amount: total,
    totals: quote.totals,
    provider: deps.payments.provider.name,
    taxFallback: quote.tax.fallback,
  };
}

async function createPendingOrder(
  deps: CheckoutDeps,
  request: CheckoutRequest,
  quote: OrderQuote,
  userId: number | null,
  provider: string,
): Promise<number> {
  const expiresAt = new Date(Date.now() + RESERVATION_TTL_MINUTES * 60_000);
  const { totals } = quote;
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        phone: request.phone,
        street: request.shippingAddress.street,
        city: request.shippingAddress.city,
        state: request.shippingAddress.state,
        zipCode: request.shippingAddress.zip,
        country: request.shippingAddress.country,
        subtotal: centsToDecimal(totals.subtotal),
        discountTotal: centsToDecimal(totals.discount),
        shippingTotal: centsToDecimal(totals.shipping),
        taxTotal: centsToDecimal(totals.tax),
        total: centsToDecimal(totals.total),
        couponCode: quote.coupon?.code ?? null,
        paymentProvider: provider,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    const taken = await reserveStock(tx, orderId, quote.lines, expiresAt);
    for (const product of taken) {
      const line = quote.lines.find((candidate) => candidate.productId === product.productId);
      // the price moved between pricing and reserving: charge nothing the shopper has not seen
      if (line && toCents(product.price) !== line.priceCents) {
        throw conflict(`The price of ${product.name} has changed. Please review your cart.`);
      }
    }
    if (quote.coupon) await reserveCouponUse(tx, orderId, quote.coupon.id, expiresAt);
    await tx.insert(orderItems).values(
      quote.lines.map((line) => ({
        orderId,
        productId: line.productId,
        productName: line.name,
        quantity: line.quantity,
        price: centsToDecimal(line.priceCents),
      })),
    );
    return orderId;
  });
}
