import { and, eq, inArray } from 'drizzle-orm';
import { MAX_GIFT_CARD_CENTS } from '#common/gift-cards.ts';
import { formatCents, toCents } from '#common/money.ts';
import { lineRefund, refundableLine } from '#common/refund-allocation.ts';
import type { ApproveReturnInput, ReceiveReturnInput, RejectReturnInput, SettleReturnInput } from '#common/schemas/order-returns.ts';
import type { Transaction } from '#server/db/client.ts';
import { orderReturns, orders } from '#server/db/schema.ts';
import { conflict, invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { issueStoreCredit } from '#server/modules/gift-cards/gift-card-credit-service.ts';
import { sendStoreCreditEmail } from '#server/modules/mail/store-credit-mail-service.ts';
import { loadOrderView, recordOrderEvent, type Actor } from '#server/modules/orders/order-service.ts';
import type { PaymentContext } from '#server/modules/payments/payment-service.ts';
import { restockRefundedUnits } from '#server/modules/stock/stock-service.ts';
import { emailReturnStep } from './return-mail.ts';
import { describeLines, itemsOf, type OrderItemRow, type ReturnRow, type ReturnState } from './return-rules.ts';

// Every step is one conditional update naming the states it leaves; only the caller whose update
// matched goes on to the step's effects (restock, store credit, history, e-mail), in the same
// transaction. A repeat of a step already taken answers the return as it stands and does nothing.

const STATE_WORDS: Record<ReturnState, string> = {
  requested: 'waiting for approval',
  approved: 'approved',
  rejected: 'declined',
  received: 'received',
  refunding: 'being refunded',
  refunded: 'refunded',
  credited: 'settled with store credit',
};

interface StepResult {
  row: ReturnRow;
  /** false: the step had been taken already (a double submit), nothing was done again */
  moved: boolean;
}

/**
 * Moves the return from one of `from` to `to`; when no row matched, the return as it is: a repeat
 * (already in one of `done`) answers it unchanged, anything else is a 409 naming its state.
 */
export async function moveReturn(
  tx: Transaction,
  returnId: number,
  step: { from: readonly ReturnState[]; to: ReturnState; done: readonly ReturnState[]; verb: string },
  set: Partial<typeof orderReturns.$inferInsert> = {},
): Promise<StepResult> {
  const [moved] = await tx
    .update(orderReturns)
    .set({ ...set, state: step.to, updatedAt: new Date() })
    .where(and(eq(orderReturns.id, returnId), inArray(orderReturns.state, [...step.from])))
    .returning();
  if (moved) return { row: moved, moved: true };
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId));
  if (!row) throw notFound('Return not found');
  if (step.done.includes(row.state)) return { row, moved: false };
  throw conflict(`This return is ${STATE_WORDS[row.state]}, so it cannot be ${step.verb}.`);
}

export async function approveReturn(ctx: PaymentContext, returnId: number, input: ApproveReturnInput, actor: Actor): Promise<ReturnRow> {
  return ctx.db.transaction(async (tx) => {
    const step = { from: ['requested'], to: 'approved', done: ['approved', 'received', 'refunding', 'refunded', 'credited'], verb: 'approved' } as const;
    const { row, moved } = await moveReturn(tx, returnId, step, { instructions: input.instructions });
    if (!moved) return row;
    const items = await itemsOf(tx, row.orderId);
    await recordOrderEvent(tx, row.orderId, 'return_approved', { actor, note: `Instructions: ${input.instructions}` });
    await emailReturnStep(tx, ctx.mail, row.orderId, { step: 'approved', lines: describeLines(row.lines, items), instructions: input.instructions });
    return row;
  });
}

export async function rejectReturn(ctx: PaymentContext, returnId: number, input: RejectReturnInput, actor: Actor): Promise<ReturnRow> {
  return ctx.db.transaction(async (tx) => {
    const step = { from: ['requested', 'approved'], to: 'rejected', done: ['rejected'], verb: 'declined' } as const;
    const { row, moved } = await moveReturn(tx, returnId, step, { rejectionReason: input.reason });
    if (!moved) return row;
    const items = await itemsOf(tx, row.orderId);
    await recordOrderEvent(tx, row.orderId, 'return_rejected', { actor, note: input.reason });
    await emailReturnStep(tx, ctx.mail, row.orderId, { step: 'rejected', lines: describeLines(row.lines, items), reason: input.reason });
    return row;
  });
}

/** The parcel arrived: the owner chooses per line whether its units go back on sale, restocked once here. */
export async function receiveReturn(ctx: PaymentContext, returnId: number, input: ReceiveReturnInput, actor: Actor): Promise<ReturnRow> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId));
    if (!current) throw notFound('Return not found');
    for (const choice of input.lines) {
      if (!current.lines.some((line) => line.itemId === choice.itemId)) throw invalidInput(`Invalid return: line ${choice.itemId} is not part of this return`);
    }
    const restocked = new Set(input.lines.filter((choice) => choice.restock).map((choice) => choice.itemId));
    const lines = current.lines.map((line) => ({ ...line, restock: restocked.has(line.itemId) }));
    const step = { from: ['approved'], to: 'received', done: ['received', 'refunding', 'refunded', 'credited'], verb: 'marked received' } as const;
    const { row, moved } = await moveReturn(tx, returnId, step, { lines });
    if (!moved) return row;
    const items = await itemsOf(tx, row.orderId);
    await restock(ctx, tx, row, items);
    const shown = row.lines.map((line) => `${describeLines([line], items).join('')}${line.restock ? ' (restocked)' : ''}`);
    await recordOrderEvent(tx, row.orderId, 'return_received', { actor, note: `Received: ${shown.join(', ')}` });
    await emailReturnStep(tx, ctx.mail, row.orderId, { step: 'received', lines: describeLines(row.lines, items) });
    return row;
  });
}

async function restock(ctx: PaymentContext, tx: Transaction, row: ReturnRow, items: readonly OrderItemRow[]): Promise<void> {
  const stockLines = row.lines.flatMap((line) => {
    const item = items.find((candidate) => candidate.id === line.itemId);
    // a line whose product or variant was deleted since has no shelf to go back to
    return line.restock && item?.productId && item.variantId ? [{ productId: item.productId, variantId: item.variantId, quantity: line.quantity }] : [];
  });
  if (stockLines.length) await restockRefundedUnits(tx, row.orderId, stockLines, 'return_receive', ctx.onRestock);
}

/**
 * What the customer paid for the returned units, priced like a line refund (their price less their
 * discount share plus their tax share): the most a return's refund or store credit gives. The units
 * are the next ones of their line to be refunded, or its last ones once the return's own refund has
 * counted them (a repeated request, the view of a refunded return).
 */
export function returnValueCents(row: Pick<ReturnRow, 'lines'>, items: readonly OrderItemRow[]): number {
  return row.lines.reduce((sum, line) => {
    const item = items.find((candidate) => candidate.id === line.itemId);
    if (!item) return sum;
    const before = Math.min(item.refundedQuantity, Math.max(0, item.quantity - line.quantity));
    return sum + lineRefund({ ...refundableLine(item), refundedQuantity: before }, line.quantity).totalCents;
  }, 0);
}

/** The amount a settlement gives: the units' price, or the owner's lower amount (a fee kept). */
export function settledCents(input: SettleReturnInput, valueCents: number): number {
  if (input.amount === undefined) return valueCents;
  const cents = toCents(String(input.amount));
  if (cents > valueCents) throw invalidInput(`${formatCents(cents)} is more than the ${formatCents(valueCents)} the returned units cost.`);
  return cents;
}

/**
 * Store credit instead of money (decision 072): a gift card for the amount, for the order's customer, its
 * first ledger row "store-credit" naming the return and the order, issued and e-mailed with its code in the
 * step's transaction: only the caller whose received -> credited update matched issues it, so exactly once.
 */
export async function creditReturn(ctx: PaymentContext, returnId: number, input: SettleReturnInput, actor: Actor): Promise<ReturnRow> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId));
    if (!current) throw notFound('Return not found');
    const items = await itemsOf(tx, current.orderId);
    const cents = settledCents(input, returnValueCents(current, items));
    if (cents <= 0) throw invalidInput('Store credit must be more than $0.00.');
    // store credit is one gift card, and no card holds more than the ceiling (decision 072's follow-up)
    if (cents > MAX_GIFT_CARD_CENTS) throw invalidInput(storeCreditOverCeiling(cents));
    const step = { from: ['received'], to: 'credited', done: ['credited'], verb: 'settled with store credit' } as const;
    const { row, moved } = await moveReturn(tx, returnId, step);
    if (!moved) return row;
    const view = await loadOrderView(tx, row.orderId);
    if (!view) throw notFound('Order not found');
    const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, row.orderId));
    const card = await issueStoreCredit(tx, {
      amountCents: cents,
      orderId: row.orderId,
      orderNumber: view.orderNumber,
      returnId,
      customerName: view.customerName,
      customerEmail: view.customerEmail,
      userId: owner?.userId ?? null,
      actorUserId: staffIdOf(actor),
    });
    const [linked] = await tx.update(orderReturns).set({ giftCardId: card.id }).where(eq(orderReturns.id, row.id)).returning();
    const note = input.note ? `. ${input.note}` : '';
    await recordOrderEvent(tx, row.orderId, 'return_credited', {
      actor,
      note: `Store credit ${formatCents(cents)} as gift card ••••${card.code.slice(-4)}${note}`,
    });
    await sendStoreCreditEmail(ctx.mail, tx, view, { code: card.code, amountCents: cents, lines: describeLines(row.lines, items), note: input.note || null });
    return linked ?? row;
  });
}

const storeCreditOverCeiling = (cents: number) =>
  `Store credit of ${formatCents(cents)} is more than one gift card can hold (${formatCents(MAX_GIFT_CARD_CENTS)}). Refund this return instead, or credit at most ${formatCents(MAX_GIFT_CARD_CENTS)}.`;

/** "admin:12" -> 12: who issued the card, in its ledger. */
function staffIdOf(actor: Actor): number | null {
  const match = /^admin:(\d+)$/.exec(actor);
  return match ? Number(match[1]) : null;
}
