import { and, eq } from 'drizzle-orm';
import type { SimulatedConfirmResult } from '#common/schemas/checkout.ts';
import { orders } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { cardBrand, cardExpired, declineMessage, passesLuhn } from './card-rules.ts';
import { completePayment, failPayment } from './finalise-payment.ts';
import type { PaymentContext } from './payment-context.ts';

export interface SimulatedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export function confirmationUrl(paymentIntentId: string, status: 'succeeded' | 'failed'): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, redirect_status: status });
  return `/order-confirmation?${query}`;
}

/**
 * DESIGN.md §6 simulator: behaves like Stripe's test cards and finishes the payment through the
 * same steps as Stripe's webhook. Only the brand and last 4 digits are ever stored.
 */
export async function confirmSimulatedPayment(
  ctx: PaymentContext,
  input: { paymentIntentId: string; card: SimulatedCard },
  now = new Date(),
): Promise<SimulatedConfirmResult> {
  const [order] = await ctx.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.stripePaymentIntentId, input.paymentIntentId), eq(orders.paymentProvider, 'simulated')))
    .limit(1);
  if (!order) throw notFound('Payment not found');
  const { card } = input;
  if (!passesLuhn(card.number)) throw badRequest('Your card number is incorrect.');
  if (cardExpired(card.expMonth, card.expYear, now)) throw badRequest('Your card has expired.');

  if (order.paymentStatus === 'succeeded') {
    return { status: 'succeeded', redirectUrl: confirmationUrl(input.paymentIntentId, 'succeeded') };
  }
  if (order.paymentStatus === 'cancelled') {
    throw conflict('This payment has expired. Please return to your cart and check out again.');
  }
  const declined = declineMessage(card.number);
  if (declined) {
    await failPayment(ctx, { orderId: order.id, outcome: 'failed' });
    return { status: 'failed', message: declined, redirectUrl: confirmationUrl(input.paymentIntentId, 'failed') };
  }
  await completePayment(ctx, {
    orderId: order.id,
    card: { brand: cardBrand(card.number), last4: card.number.slice(-4) },
    requireStock: true,
  });
  return { status: 'succeeded', redirectUrl: confirmationUrl(input.paymentIntentId, 'succeeded') };
}
