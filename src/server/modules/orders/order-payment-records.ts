import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { centsToDecimal } from '#common/money.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';

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
