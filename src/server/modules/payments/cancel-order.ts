import { and, eq } from 'drizzle-orm';
import { formatCents, toCents } from '#common/money.ts';
import { giftCardCents } from '#common/refund-split.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import type { Transaction } from '#server/db/client.ts';
import { inSavepoint } from '#server/db/savepoint.ts';
import { orders, refunds } from '#server/db/schema.ts';
import { conflict, notFound, providerFailed } from '#server/errors/domain-errors.ts';
import { sendOrderCancelledEmail } from '#server/modules/mail/order-mail-service.ts';
import { cancelRefundKey, loadOrderView, PAID, transitionOrder, type Actor } from '#server/modules/orders/order-service.ts';
import { giveBackReservations } from '#server/modules/stock/stock-service.ts';
import { stepAndGiveBack } from './finalise-payment.ts';
import type { PaymentContext } from './payment-context.ts';
import {
  lockOrderForRefund,
  markClaimSucceeded,
  releaseRefundClaim,
  shippingRefunded,
  splitOrderRefund,
  takeRefundClaim,
  unitsLeft,
  type RefundRow,
} from './refund-claim.ts';
import { markRefunded, recordRefundEmail } from './refund-order.ts';
import { closeOrderPayment } from './settle-payment.ts';

async function viewOf(ctx: PaymentContext, orderId: number): Promise<OrderView> {
  const view = await loadOrderView(ctx.db, orderId);
  if (!view) throw notFound('Order not found');
  return view;
}

type CancelClaim =
  /** cancelled already, or its refund completed by another request */
  | { kind: 'done' }
  /** nothing left to refund: the order is only cancelled */
  | { kind: 'nothing-left' }
  /** the remainder claimed; repeated: by an earlier request, which may still be asking the provider */
  | { kind: 'claimed'; refund: RefundRow; repeated: boolean; paymentId: string | null; number: string };

/**
 * Claims what is left to refund as a refund of its own (refund-claim.ts), under the order's row
 * lock, so a partial refund made in the same instant either fits before it (the cancel takes only
 * the rest) or finds nothing left. The claim's key is the order's, so two cancels at once share it.
 */
async function claimCancelRefund(tx: Transaction, ctx: PaymentContext, orderId: number, actor: Actor): Promise<CancelClaim> {
  const order = await lockOrderForRefund(tx, orderId);
  if (!order) throw notFound('Order not found');
  if (order.status === 'cancelled') return { kind: 'done' };
  const number = order.number;
  const key = cancelRefundKey(orderId);
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  if (existing) {
    return existing.state === 'succeeded' ? { kind: 'done' } : { kind: 'claimed', refund: existing, repeated: true, paymentId: order.paymentId, number };
  }
  if (!(PAID as readonly string[]).includes(order.paymentStatus)) throw conflict(`Order #${number} cannot be cancelled (payment ${order.paymentStatus}).`);
  if (order.status !== 'pending' && order.status !== 'processing')
    throw conflict(`Order #${number} has ${order.status === 'shipped' ? 'shipped' : 'been delivered'} and can no longer be cancelled.`);
  if (order.paymentId && order.provider !== ctx.provider.name) {
    throw conflict(`Order #${number} was paid through ${order.provider}, which this shop no longer uses. Refund it there first.`);
  }
  // a refund still at the provider may yet fail and give its claim back: cancelling now would mark
  // the order refunded in full without that money having gone back
  const [inFlight] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'pending')))
    .limit(1);
  if (inFlight) throw conflict(`A refund on order #${number} is still being made. Try cancelling again in a moment.`);

  // what earlier partial refunds left; they have restocked their own lines already
  const remaining = toCents(order.total) - toCents(order.refundedTotal);
  if (remaining <= 0) return { kind: 'nothing-left' };
  // gift cards that paid it get their part back first (decision 072)
  const giftCardParts = await splitOrderRefund(tx, orderId, order, remaining);
  const refund = await takeRefundClaim(tx, orderId, {
    giftCardParts,
    number,
    amountCents: remaining,
    lines: await unitsLeft(tx, orderId),
    shipping: !(await shippingRefunded(tx, orderId)),
    reason: actor === 'customer' ? 'Order cancelled by the customer' : 'Order cancelled by the shop',
    idempotencyKey: key,
    actor,
  });
  return { kind: 'claimed', refund, repeated: false, paymentId: order.paymentId, number };
}

/**
 * The provider gave the rest back: in one transaction the refund is marked made (once: only the
 * request whose update matched goes on) and the order is cancelled, its stock and coupon use given
 * back. An order that shipped meanwhile cannot be cancelled: it stays shipped, refunded in full.
 */
async function completeCancel(
  ctx: PaymentContext,
  refund: RefundRow,
  providerRefundId: string | null,
  options: { actor: Actor; note: string },
): Promise<'cancelled' | 'refunded' | 'done-elsewhere'> {
  return ctx.db.transaction(async (tx) => {
    if (!(await markClaimSucceeded(tx, refund, providerRefundId))) return 'done-elsewhere';
    if (await transitionOrder(tx, refund.orderId, 'cancel_paid', options)) {
      await giveBackReservations(tx, refund.orderId, 'committed', 'cancel');
      // told in the same transaction: a crash cannot cancel the order and lose the e-mail
      await inSavepoint(
        tx,
        async (savepoint) => {
          const view = await loadOrderView(savepoint, refund.orderId);
          if (view) await sendOrderCancelledEmail(ctx.mail, savepoint, view, { byCustomer: options.actor === 'customer' });
        },
        (error) => ctx.log?.error({ err: error, orderId: refund.orderId }, 'order cancelled e-mail failed'),
      );
      return 'cancelled';
    }
    await markRefunded(tx, refund.orderId, options.actor, `Refunded ${formatCents(toCents(refund.amount))}: the order moved on before it could be cancelled`);
    await recordRefundEmail(ctx, tx, refund.orderId, refund);
    return 'refunded';
  });
}

/**
 * The owner (or, before shipping, the customer) cancels an order. Unpaid: its provider payment is cancelled and its stock and coupon
 * use come back. Paid and not yet shipped: what is left to refund is claimed like any refund, given back through the provider,
 * and the order cancelled, restocked, coupon use returned, and the customer told (and the shop, when the customer cancelled).
 * Pressing it twice does all of this once: both presses share the claim, the provider's idempotency key comes from it, and only
 * the request whose completion matched restocks and e-mails. A provider failure gives the claim back and cancels nothing (502).
 */
export async function cancelOrder(ctx: PaymentContext, orderId: number, actor: Actor): Promise<OrderView> {
  const [order] = await ctx.db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus, number: orders.orderNumber })
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

  const step = {
    actor,
    note: byCustomer ? 'Cancelled by the customer; refunded in full and restocked' : 'Cancelled by the shop; refunded in full and restocked',
  };
  const claim = await ctx.db.transaction((tx) => claimCancelRefund(tx, ctx, orderId, actor));
  let outcome: 'cancelled' | 'refunded' | 'done-elsewhere' = 'done-elsewhere';
  if (claim.kind === 'nothing-left') {
    outcome = (await stepAndGiveBack(ctx, orderId, 'cancel_paid', 'committed', step)) ? 'cancelled' : 'done-elsewhere';
  } else if (claim.kind === 'claimed') {
    let providerRefundId: string | null = null;
    // the gift cards' part goes back on them when the cancel completes; the provider is asked only for the rest
    const cardCents = toCents(claim.refund.amount) - giftCardCents(claim.refund.giftCardParts);
    if (claim.paymentId && cardCents > 0) {
      try {
        // the amount is part of the key: a cancel retried after a partial refund asks for a different amount
        const made = await ctx.provider.refundPayment({
          id: claim.paymentId,
          amountCents: cardCents,
          idempotencyKey: `${claim.refund.idempotencyKey}-${toCents(claim.refund.amount)}`,
        });
        providerRefundId = made.id;
      } catch (error) {
        ctx.log?.error({ err: error, orderId }, 'refund for a cancelled order failed');
        // a repeated press may be racing the first one's provider call: only a fresh claim is released
        if (!claim.repeated) await releaseRefundClaim(ctx, claim.refund);
        throw providerFailed(`The refund could not be made, so order #${number} was not cancelled. Please try again later.`);
      }
    }
    outcome = await completeCancel(ctx, claim.refund, providerRefundId, step);
    if (outcome === 'refunded') {
      throw conflict(`Order #${number} moved on before it could be cancelled; what was left of its payment has been refunded.`);
    }
  }
  return viewOf(ctx, orderId);
}
