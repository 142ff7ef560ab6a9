import { and, eq, notExists } from 'drizzle-orm';
import { formatCents, toCents } from '#common/money.ts';
import type { SettleReturnInput } from '#common/schemas/order-returns.ts';
import { orderReturns, refunds } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';
import { recordOrderEvent, type Actor } from '#server/modules/orders/order-service.ts';
import { refundOrder, returnRefundKey, type PaymentContext } from '#server/modules/payments/payment-service.ts';
import { itemsOf, type ReturnRow } from './return-rules.ts';
import { moveReturn, returnValueCents, settledCents } from './return-steps.ts';

/**
 * Refunds a received return through the owner's refund workflow (decision 023): what the customer
 * paid for its units (priced like a line refund, src/common/refund-allocation.ts), or less, claimed once per return (refunds row `return-<id>`), e-mailed by that workflow.
 * The return moves received -> refunding first, so a store credit cannot be issued beside it; a
 * return left refunding by a crash is refunded again by the next press, which finds the same claim.
 * A provider failure gives the claim back and the return is received again.
 */
export async function refundReturn(ctx: PaymentContext, returnId: number, input: SettleReturnInput, actor: Actor): Promise<ReturnRow> {
  const started = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId));
    if (!current) throw notFound('Return not found');
    const cents = settledCents(input, returnValueCents(current, await itemsOf(tx, current.orderId)));
    const step = { from: ['received', 'refunding'], to: 'refunding', done: ['refunded'], verb: 'refunded' } as const;
    return { ...(await moveReturn(tx, returnId, step)), cents };
  });
  if (!started.moved) return started.row;
  const { row, cents } = started;

  let refund;
  try {
    refund = await refundOrder(
      ctx,
      row.orderId,
      {
        kind: 'return',
        returnId,
        lines: row.lines.map((line) => ({ ...line, restock: false })),
        // the units' full value is priced again under the order's lock, where the claim is taken
        amountCents: input.amount === undefined ? null : cents,
        reason: input.note || 'Your returned items',
      },
      actor,
    );
  } catch (error) {
    // nothing was claimed, or the claim was given back: the return waits, received, for another try
    await ctx.db
      .update(orderReturns)
      .set({ state: 'received', updatedAt: new Date() })
      .where(
        and(
          eq(orderReturns.id, returnId),
          eq(orderReturns.state, 'refunding'),
          notExists(
            ctx.db
              .select({ id: refunds.id })
              .from(refunds)
              .where(eq(refunds.idempotencyKey, returnRefundKey(returnId))),
          ),
        ),
      );
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const step = { from: ['refunding'], to: 'refunded', done: ['refunded'], verb: 'refunded' } as const;
    const done = await moveReturn(tx, returnId, step, { refundId: refund.id });
    if (done.moved) {
      await recordOrderEvent(tx, row.orderId, 'return_refunded', { actor, note: `Refunded ${formatCents(toCents(refund.amount))}` });
    }
    return done.row;
  });
}
