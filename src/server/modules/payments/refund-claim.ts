import { and, eq } from 'drizzle-orm';
import { centsToDecimal } from '#common/money.ts';
import type { Transaction } from '#server/db/client.ts';
import { orderItems, orders, refunds, type RefundLine } from '#server/db/schema.ts';
import { conflict } from '#server/errors/domain-errors.ts';
import { countRefund, uncountRefund, type Actor } from '#server/modules/orders/order-service.ts';
import type { PaymentContext } from './payment-context.ts';

// The one way money is set aside for going back to the customer, for the owner's refunds and for
// the refund a cancel makes of what is left (decision 023): claimed under the order's row lock,
// before the provider is asked, and given back if the provider does not make it.

export type RefundRow = typeof refunds.$inferSelect;

/** The order as a claim reads it, locked until the claim's transaction ends. */
export async function lockOrderForRefund(tx: Transaction, orderId: number) {
  const [order] = await tx
    .select({
      number: orders.orderNumber,
      status: orders.status,
      total: orders.total,
      refundedTotal: orders.refundedTotal,
      shippingTotal: orders.shippingTotal,
      shippingTax: orders.shippingTax,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.providerPaymentId,
      provider: orders.paymentProvider,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order ?? null;
}

/** Every unit not refunded yet: what "everything left" and a cancel give back. */
export async function unitsLeft(tx: Transaction, orderId: number): Promise<RefundLine[]> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return items
    .filter((item) => item.quantity > item.refundedQuantity)
    .map((item) => ({ itemId: item.id, quantity: item.quantity - item.refundedQuantity, restock: false }));
}

/** An earlier refund (made or still at the provider) gave the order's shipping back. */
export async function shippingRefunded(tx: Transaction, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.shipping, true)))
    .limit(1);
  return row !== undefined;
}

interface ClaimInput {
  number: string;
  amountCents: number;
  lines: RefundLine[];
  /** the refund gives the shipping and its tax back (at most one refund of an order does) */
  shipping: boolean;
  reason: string;
  idempotencyKey: string;
  actor: Actor;
}

/**
 * Takes the claim, with the order locked by the caller: the amount is added to refunded_total and
 * each line's units to refunded_quantity by conditional updates that cannot pass the captured total
 * or the units sold, and the refund is recorded as pending. Two claims at once cannot both take the
 * last of it.
 */
export async function takeRefundClaim(tx: Transaction, orderId: number, input: ClaimInput): Promise<RefundRow> {
  const changed = () => conflict(`Order #${input.number} changed meanwhile. Reload it to see what is left to refund.`);
  if (!(await countRefund(tx, orderId, input.amountCents, input.lines))) throw changed();
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId,
      amount: centsToDecimal(input.amountCents),
      reason: input.reason,
      lines: input.lines,
      shipping: input.shipping,
      idempotencyKey: input.idempotencyKey,
      actor: input.actor,
    })
    .returning();
  return refund!;
}

/** The provider refused or could not be reached: the claim goes, so nothing counts as refunded. */
export async function releaseRefundClaim(ctx: PaymentContext, refund: RefundRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [released] = await tx
      .delete(refunds)
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'pending')))
      .returning();
    if (!released) return;
    await uncountRefund(tx, released.orderId, released.amount, released.lines);
  });
}

/** Marks a claimed refund as made, once: only the caller whose update matched goes on to its effects. */
export async function markClaimSucceeded(tx: Transaction, refund: RefundRow, providerRefundId: string | null): Promise<boolean> {
  const [done] = await tx
    .update(refunds)
    .set({ state: 'succeeded', providerRefundId })
    .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'pending')))
    .returning({ id: refunds.id });
  return done !== undefined;
}
