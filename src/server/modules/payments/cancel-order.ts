import { eq } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { orders } from '#server/db/schema.ts';
import { conflict, HttpError, notFound } from '#server/http/errors.ts';
import { sendOrderCancelledEmail } from '#server/modules/mail/order-mail-service.ts';
import { loadOrderView, type Actor } from '#server/modules/orders/order-service.ts';
import { stepAndGiveBack } from './finalise-payment.ts';
import type { PaymentContext } from './payment-context.ts';
import { closeOrderPayment } from './settle-payment.ts';

async function viewOf(ctx: PaymentContext, orderId: number): Promise<OrderView> {
  const view = await loadOrderView(ctx.db, orderId);
  if (!view) throw notFound('Order not found');
  return view;
}

/**
 * The owner (or, before shipping, the customer) cancels an order. Unpaid: its provider payment is cancelled and its stock and coupon
 * use come back. Paid and not yet shipped: refunded in full through the provider, restocked, coupon
 * use returned, and the customer told (and the shop, when the customer cancelled). Pressing it twice does all of this once: the refund carries
 * an idempotency key, and only the request whose lifecycle step matched restocks and e-mails.
 */
export async function cancelOrder(ctx: PaymentContext, orderId: number, actor: Actor): Promise<OrderView> {
  const [order] = await ctx.db
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      total: orders.total,
      refundedTotal: orders.refundedTotal,
      paymentId: orders.stripePaymentIntentId,
      provider: orders.paymentProvider,
      number: orders.orderNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  if (order.status === 'cancelled') return viewOf(ctx, orderId);
  const number = order.number;
  const byCustomer = actor === 'customer';

  if (order.paymentStatus === 'pending') {
    const outcome = await closeOrderPayment(ctx, orderId, 'cancel_unpaid', {
      actor,
      note: byCustomer ? 'Cancelled by the customer before payment' : 'Cancelled by the shop before payment',
    });
    if (outcome === 'processing') throw conflict(`The payment for order #${number} is still being processed. Try again in a few minutes.`);
    // paid at the last moment: cancelling it now means a refund, which the owner should choose knowingly
    if (outcome === 'paid') throw conflict(`Order #${number} was paid just now. Cancel it again to refund it.`);
    return viewOf(ctx, orderId);
  }
  if (order.paymentStatus !== 'succeeded' && order.paymentStatus !== 'partially_refunded')
    throw conflict(`Order #${number} cannot be cancelled (payment ${order.paymentStatus}).`);
  if (order.status !== 'pending' && order.status !== 'processing')
    throw conflict(`Order #${number} has ${order.status === 'shipped' ? 'shipped' : 'been delivered'} and can no longer be cancelled.`);
  if (order.paymentId && order.provider !== ctx.provider.name) {
    throw conflict(`Order #${number} was paid through ${order.provider}, which this shop no longer uses. Refund it there first.`);
  }

  // what earlier partial refunds left; they have restocked their own lines already
  const remaining = toCents(order.total) - toCents(order.refundedTotal);
  if (order.paymentId && remaining > 0) {
    try {
      await ctx.provider.refundPayment({ id: order.paymentId, amountCents: remaining, idempotencyKey: `cancel-order-${orderId}` });
    } catch (error) {
      ctx.log?.error({ err: error, orderId }, 'refund for a cancelled order failed');
      throw new HttpError(502, `The refund could not be made, so order #${number} was not cancelled. Please try again later.`);
    }
  }
  const cancelled = await stepAndGiveBack(ctx, orderId, 'cancel_paid', 'committed', {
    actor,
    note: byCustomer ? 'Cancelled by the customer; refunded in full and restocked' : 'Cancelled by the shop; refunded in full and restocked',
  });
  const view = await viewOf(ctx, orderId);
  if (cancelled) {
    try {
      await sendOrderCancelledEmail(ctx.mail, ctx.db, view, { byCustomer });
    } catch (error) {
      ctx.log?.error({ err: error, orderId }, 'order cancelled e-mail failed');
    }
  }
  return view;
}
