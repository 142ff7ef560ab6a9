import { eq } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import { orders } from '#server/db/schema.ts';
import { completePayment, failPayment } from './finalise-payment.ts';
import type { PaymentContext } from './payment-context.ts';
import type { ProviderPayment } from './payment-provider.ts';

export class PaymentMismatchError extends Error {
  constructor(
    readonly kind: 'unknown' | 'mismatch',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Brings the order in line with what the provider says about its payment (webhook, status check,
 * sweep). The payment must be for this order and for its exact amount; anything else is refused.
 */
export async function settleFromProvider(ctx: PaymentContext, payment: ProviderPayment): Promise<'succeeded' | 'failed' | 'cancelled' | 'open'> {
  const [order] = await ctx.db
    .select({ id: orders.id, total: orders.total })
    .from(orders)
    .where(eq(orders.stripePaymentIntentId, payment.id))
    .limit(1);
  if (!order) throw new PaymentMismatchError('unknown', `No order has payment ${payment.id}`);
  if (payment.orderId !== null && payment.orderId !== order.id) {
    throw new PaymentMismatchError('mismatch', `Payment ${payment.id} names order ${payment.orderId}, but belongs to order ${order.id}`);
  }
  if (payment.amountCents !== toCents(order.total)) {
    throw new PaymentMismatchError('mismatch', `Payment ${payment.id} is for ${payment.amountCents} cents, order ${order.id} totals ${toCents(order.total)}`);
  }
  if (payment.status === 'succeeded') {
    await completePayment(ctx, { orderId: order.id });
    return 'succeeded';
  }
  if (payment.status === 'canceled') {
    await failPayment(ctx, { orderId: order.id, outcome: 'cancelled' });
    return 'cancelled';
  }
  if (payment.status === 'requires_payment_method' && payment.failureMessage) {
    await failPayment(ctx, { orderId: order.id, outcome: 'failed' });
    return 'failed';
  }
  return 'open';
}
