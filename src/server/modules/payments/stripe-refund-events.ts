import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { centsToDecimal, formatCents, toCents } from '#common/money.ts';
import { orders, refunds } from '#server/db/schema.ts';
import { addProviderRefund, recordDispute, recordOrderEvent } from '#server/modules/orders/order-service.ts';
import type { PaymentContext } from './payment-context.ts';
import { markRefunded } from './refund-order.ts';
import { SHOP_REFUND_KEY } from './stripe-provider.ts';

const DASHBOARD_REASON = 'Refunded in the Stripe dashboard';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

async function orderOfPayment(ctx: PaymentContext, paymentIntentId: string | null) {
  if (!paymentIntentId) return null;
  const [order] = await ctx.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, total: orders.total, refundedTotal: orders.refundedTotal })
    .from(orders)
    .where(eq(orders.providerPaymentId, paymentIntentId));
  return order ?? null;
}

/**
 * Records one refund the shop did not make (the owner used the Stripe dashboard), once: its key is
 * Stripe's refund id (or the charge's refunded amount when the event lists no refunds), unique in
 * the refunds table.
 */
async function recordDashboardRefund(
  ctx: PaymentContext,
  orderId: number,
  key: string,
  providerRefundId: string | null,
  amountCents: number,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [inserted] = await tx
      .insert(refunds)
      .values({
        orderId,
        amount: centsToDecimal(amountCents),
        reason: DASHBOARD_REASON,
        idempotencyKey: key,
        providerRefundId,
        state: 'succeeded',
        actor: 'provider',
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (!inserted) return false;
    // the money has gone already: the shop's count follows it
    await addProviderRefund(tx, orderId, amountCents);
    await markRefunded(tx, orderId, 'provider', `Refunded ${formatCents(amountCents)} in the Stripe dashboard`);
    return true;
  });
}

/**
 * charge.refunded: refunds the shop made itself carry its key in their metadata (or are already
 * recorded under their id) and are skipped; any other succeeded refund is recorded once. Without a
 * refund list (newer API versions leave it out), the charge's refunded amount beyond what the shop
 * has counted is recorded as one refund.
 */
export async function handleChargeRefunded(ctx: PaymentContext, charge: Stripe.Charge): Promise<string> {
  const order = await orderOfPayment(ctx, idOf(charge.payment_intent));
  if (!order) return 'ignored';
  const listed = charge.refunds?.data;
  let recorded = 0;
  if (listed) {
    for (const refund of listed) {
      if (refund.status !== 'succeeded' || refund.metadata?.[SHOP_REFUND_KEY]) continue;
      const [known] = await ctx.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.providerRefundId, refund.id));
      if (known) continue;
      if (await recordDashboardRefund(ctx, order.id, `stripe-${refund.id}`, refund.id, refund.amount)) recorded += 1;
    }
  } else if (order.paymentStatus !== 'refunded') {
    const beyond = charge.amount_refunded - toCents(order.refundedTotal);
    if (beyond > 0 && (await recordDashboardRefund(ctx, order.id, `stripe-${charge.id}-${charge.amount_refunded}`, null, beyond))) recorded += 1;
  }
  return recorded > 0 ? 'refund_recorded' : 'refund_known';
}

/**
 * charge.dispute.*: the order carries the dispute's id and status (flagged in the admin), and its
 * history records each change once: a conditional update that finds nothing new records nothing.
 * A late "created" for a dispute already closed does not reopen it.
 */
export async function handleDispute(ctx: PaymentContext, type: string, dispute: Stripe.Dispute): Promise<string> {
  const order = await orderOfPayment(ctx, idOf(dispute.payment_intent));
  if (!order) return 'ignored';
  const amount = formatCents(dispute.amount);
  return ctx.db.transaction(async (tx) => {
    const opened = type === 'charge.dispute.created';
    if (!(await recordDispute(tx, order.id, dispute, opened))) return 'dispute_known';
    const event = opened ? 'dispute_opened' : type === 'charge.dispute.closed' ? 'dispute_closed' : 'dispute_updated';
    const note = opened ? `Dispute opened for ${amount}: ${dispute.reason} (${dispute.status})` : `Dispute ${dispute.status} (${amount}, ${dispute.reason})`;
    await recordOrderEvent(tx, order.id, event, { actor: 'provider', note });
    return event;
  });
}
