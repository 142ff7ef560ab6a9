import { eq } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import { orders } from '#server/db/schema.ts';
import { giftCardTenderCents } from '#server/modules/gift-cards/gift-card-service.ts';
import { transitionOrder, type Actor } from '#server/modules/orders/order-service.ts';
import { closeUnpaidOrder, payOrder, type CloseStep } from './finalise-payment.ts';
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

type Settled = 'succeeded' | 'refunded' | 'failed' | 'cancelled' | 'open';

/**
 * Brings the order in line with what the provider says about its payment (webhook, status check,
 * sweep). The payment must be for this order and for its exact amount; anything else is refused.
 */
export async function settleFromProvider(ctx: PaymentContext, payment: ProviderPayment): Promise<Settled> {
  const [order] = await ctx.db.select({ id: orders.id, total: orders.total }).from(orders).where(eq(orders.providerPaymentId, payment.id)).limit(1);
  if (!order) throw new PaymentMismatchError('unknown', `No order has payment ${payment.id}`);
  if (payment.orderId !== null && payment.orderId !== order.id) {
    throw new PaymentMismatchError('mismatch', `Payment ${payment.id} names order ${payment.orderId}, but belongs to order ${order.id}`);
  }
  // the card payment is the total less what the order's gift cards pay (decision 059)
  const due = toCents(order.total) - (await giftCardTenderCents(ctx.db, order.id));
  if (payment.amountCents !== due) {
    throw new PaymentMismatchError('mismatch', `Payment ${payment.id} is for ${payment.amountCents} cents, order ${order.id} is due ${due} by card`);
  }
  if (payment.status === 'succeeded') return settleSuccess(ctx, order.id, payment);
  if (payment.status === 'canceled') {
    await closeUnpaidOrder(ctx, order.id, 'cancel_unpaid', { actor: 'system', note: 'The payment was cancelled at the provider' });
    return 'cancelled';
  }
  if (payment.status === 'requires_payment_method' && payment.failureMessage) {
    // the provider's payment is cancelled too: a later retry on it must not take money for a closed order
    const outcome = await closeOrderPayment(ctx, order.id, 'decline', { actor: 'system', note: payment.failureMessage });
    return outcome === 'paid' ? 'succeeded' : 'failed';
  }
  return 'open';
}

/** Money taken: the open order is paid; an order that closed first gets its money straight back. */
async function settleSuccess(ctx: PaymentContext, orderId: number, payment: ProviderPayment): Promise<Settled> {
  if (await payOrder(ctx, orderId)) return 'succeeded';
  const [now] = await ctx.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  if (now?.paymentStatus === 'succeeded') return 'succeeded';
  if (now?.paymentStatus === 'refunded') return 'refunded';
  // declined, expired or replaced before this success arrived: its stock may be sold on, so no sale
  const refund = await ctx.provider.refundPayment({ id: payment.id, amountCents: payment.amountCents, idempotencyKey: `late-payment-${payment.id}` });
  const refunded = await transitionOrder(ctx.db, orderId, 'refund_late_payment', {
    actor: 'system',
    note: `Paid after the order had closed (${now?.paymentStatus}); refunded automatically (${refund.id})`,
  });
  if (refunded) ctx.log?.warn({ orderId, paymentId: payment.id, refundId: refund.id }, 'payment for a closed order refunded automatically');
  return 'refunded';
}

type CloseOutcome = 'closed' | 'paid' | 'processing' | 'not-open';

/**
 * Closes an unpaid order for good: the provider's payment is cancelled first, so no card retry can
 * succeed once its stock is given back. A payment found to have gone through meanwhile is settled
 * as paid instead; one the provider is still processing is left open for a later try.
 */
export async function closeOrderPayment(
  ctx: PaymentContext,
  orderId: number,
  step: CloseStep,
  options: { actor: Actor; note?: string },
): Promise<CloseOutcome> {
  const [order] = await ctx.db
    .select({ paymentStatus: orders.paymentStatus, paymentId: orders.providerPaymentId, provider: orders.paymentProvider })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.paymentStatus !== 'pending') return 'not-open';
  if (order.paymentId && order.provider === ctx.provider.name) {
    const payment = await ctx.provider.cancelPayment(order.paymentId);
    if (payment?.status === 'succeeded') {
      await settleFromProvider(ctx, payment);
      return 'paid';
    }
    if (payment?.status === 'processing') return 'processing';
  }
  return (await closeUnpaidOrder(ctx, orderId, step, options)) ? 'closed' : 'not-open';
}
