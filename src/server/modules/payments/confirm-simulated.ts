import { and, eq } from 'drizzle-orm';
import type { SimulatedConfirmRequest, SimulatedConfirmResult } from '#common/schemas/checkout.ts';
import { orders } from '#server/db/schema.ts';
import { conflict, invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { cardBrand, cardExpired, declineMessage, passesLuhn } from './card-rules.ts';
import { closeUnpaidOrder, payOrder } from './finalise-payment.ts';
import type { PaymentContext } from './payment-context.ts';

function confirmationUrl(paymentIntentId: string, status: 'succeeded' | 'failed'): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, redirect_status: status });
  return `/order-confirmation?${query}`;
}

const EXPIRED = 'This payment has expired. Please return to your cart and check out again.';
const DECLINED_BEFORE = 'This payment was declined. Please check out again to pay with another card.';

/**
 * The built-in simulator: behaves like Stripe's test cards and finishes the payment through the same
 * lifecycle steps as Stripe's webhook. A declined card closes the order (the page starts a new
 * payment for the next card), so a retry always meets current prices, coupons and stock. Only the
 * brand and last 4 digits are ever stored.
 */
export async function confirmSimulatedPayment(ctx: PaymentContext, input: SimulatedConfirmRequest, now = new Date()): Promise<SimulatedConfirmResult> {
  const [order] = await ctx.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, expiresAt: orders.expiresAt })
    .from(orders)
    .where(and(eq(orders.providerPaymentId, input.paymentIntentId), eq(orders.paymentProvider, 'simulated')))
    .limit(1);
  if (!order) throw notFound('Payment not found');
  const { card } = input;
  if (!passesLuhn(card.number)) throw invalidInput('Your card number is incorrect.');
  if (cardExpired(card.expMonth, card.expYear, now)) throw invalidInput('Your card has expired.');
  const succeeded = { status: 'succeeded', redirectUrl: confirmationUrl(input.paymentIntentId, 'succeeded') } as const;
  if (order.paymentStatus === 'succeeded') return succeeded;
  if (order.paymentStatus === 'failed') throw conflict(DECLINED_BEFORE);
  if (order.paymentStatus !== 'pending') throw conflict(EXPIRED);
  if (order.expiresAt && order.expiresAt <= now) {
    await closeUnpaidOrder(ctx, order.id, 'expire', { actor: 'system' });
    throw conflict(EXPIRED);
  }
  const declined = declineMessage(card.number);
  if (declined) {
    await closeUnpaidOrder(ctx, order.id, 'decline', { actor: 'customer', note: declined });
    return { status: 'failed', message: declined, redirectUrl: confirmationUrl(input.paymentIntentId, 'failed') };
  }
  if (await payOrder(ctx, order.id, { card: { brand: cardBrand(card.number), last4: card.number.slice(-4) } })) return succeeded;
  // another request settled it first: answer what it became
  const [after] = await ctx.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id));
  if (after?.paymentStatus === 'succeeded') return succeeded;
  throw conflict(after?.paymentStatus === 'failed' ? DECLINED_BEFORE : EXPIRED);
}
