import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { centsToDecimal } from '#common/money.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { PAID } from './order-lifecycle.ts';

// What the payments module records on an order besides its lifecycle steps: each a conditional update that
// names the state it leaves, so that two instances (or two webhooks) record a thing once.

/**
 * Claims the next look at an open payment's provider for this caller: true at most once per interval,
 * however many pages poll the order's status.
 */
export async function claimProviderCheck(db: Database, orderId: number, intervalSeconds: number): Promise<boolean> {
  const due = sql`now() - make_interval(secs => ${intervalSeconds})`;
  const claimed = await db
    .update(orders)
    .set({ providerCheckedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending'), or(isNull(orders.providerCheckedAt), lt(orders.providerCheckedAt, due))))
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/** A refund made outside the shop (the Stripe dashboard): the order's refunded total follows the money, never above what was captured. */
export async function addProviderRefund(tx: Transaction, orderId: number, amountCents: number): Promise<void> {
  await tx
    .update(orders)
    .set({ refundedTotal: sql`least(${orders.total}, ${orders.refundedTotal} + ${centsToDecimal(amountCents)}::numeric)`, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * The order carries its dispute's id and status: true when this changed them. A dispute opened again
 * under the id it has changes nothing; an update changes the status of the dispute it names.
 */
export async function recordDispute(tx: Transaction, orderId: number, dispute: { id: string; status: string }, opened: boolean): Promise<boolean> {
  const [changed] = await tx
    .update(orders)
    .set({ disputeStatus: dispute.status, disputeId: dispute.id, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        opened
          ? sql`${orders.disputeId} is distinct from ${dispute.id}`
          : sql`(${orders.disputeId} is distinct from ${dispute.id} or ${orders.disputeStatus} is distinct from ${dispute.status})`,
      ),
    )
    .returning({ id: orders.id });
  return changed !== undefined;
}

/** Units of one order line a refund counts. */
interface RefundedUnits {
  itemId: number;
  quantity: number;
}

/**
 * Counts a refund on a paid order and its lines: the amount on refunded_total and each line's units on
 * refunded_quantity, by conditional updates that cannot pass the captured total or the units sold. False
 * when one of them found the order changed: the caller's transaction must then end without the rest.
 */
export async function countRefund(tx: Transaction, orderId: number, amountCents: number, lines: RefundedUnits[]): Promise<boolean> {
  const amount = centsToDecimal(amountCents);
  const [counted] = await tx
    .update(orders)
    .set({ refundedTotal: sql`${orders.refundedTotal} + ${amount}::numeric`, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...PAID]), sql`${orders.refundedTotal} + ${amount}::numeric <= ${orders.total}`))
    .returning({ id: orders.id });
  if (!counted) return false;
  for (const line of lines) {
    const [taken] = await tx
      .update(orderItems)
      .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}` })
      .where(
        and(eq(orderItems.id, line.itemId), eq(orderItems.orderId, orderId), sql`${orderItems.refundedQuantity} + ${line.quantity} <= ${orderItems.quantity}`),
      )
      .returning({ id: orderItems.id });
    if (!taken) return false;
  }
  return true;
}

/** Takes back what countRefund counted, for a refund the provider did not make (amount as stored, a decimal). */
export async function uncountRefund(tx: Transaction, orderId: number, amount: string, lines: RefundedUnits[]): Promise<void> {
  await tx
    .update(orders)
    .set({ refundedTotal: sql`greatest(${orders.refundedTotal} - ${amount}::numeric, 0)` })
    .where(eq(orders.id, orderId));
  for (const line of lines) {
    await tx
      .update(orderItems)
      .set({ refundedQuantity: sql`greatest(${orderItems.refundedQuantity} - ${line.quantity}, 0)` })
      .where(eq(orderItems.id, line.itemId));
  }
}
