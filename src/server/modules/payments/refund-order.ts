import { eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal, formatCents, toCents } from '#common/money.ts';
import { describeRefundSplit, giftCardCents } from '#common/refund-split.ts';
import { refundableOrder, refundBreakdown } from '#common/refund-allocation.ts';
import type { RefundRequest, RefundView } from '#common/schemas/order-refunds.ts';
import type { Transaction } from '#server/db/client.ts';
import { inSavepoint } from '#server/db/savepoint.ts';
import { orderItems, orders, refunds, type RefundLine } from '#server/db/schema.ts';
import { conflict, invalidInput, notAllowed, notFound, providerFailed } from '#server/errors/domain-errors.ts';
import { sendOrderRefundedEmail } from '#server/modules/mail/order-mail-service.ts';
import { loadOrderView, PAID, transitionOrder, type Actor } from '#server/modules/orders/order-service.ts';
import { restockRefundedUnits } from '#server/modules/stock/stock-service.ts';
import type { PaymentContext } from './payment-context.ts';
import { giftCardLinesOf } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import { refuseAmountIntoGiftCards, refuseGiftCardRestock } from './refund-gift-card-lines.ts';
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

function toRefundView(row: RefundRow): RefundView {
  return {
    id: row.id,
    amount: centsToDecimal(toCents(row.amount)),
    reason: row.reason,
    lines: row.lines,
    shipping: row.shipping,
    state: row.state,
    providerRefundId: row.providerRefundId,
    actor: row.actor,
    createdAt: row.createdAt.toISOString(),
    giftCards: row.giftCardParts,
  };
}

/**
 * A return's refund (the returns module, decision 027): the units that came back, priced like a
 * line refund, or less when the owner keeps a fee. Claimed once per return, whoever asks again.
 */
interface ReturnRefund {
  kind: 'return';
  returnId: number;
  lines: RefundLine[];
  /** null: the lines' full price */
  amountCents: number | null;
  reason: string;
}

type AnyRefund = RefundRequest | ReturnRefund;

/** The refunds row a return's refund is recorded under: one per return. */
export const returnRefundKey = (returnId: number) => `return-${returnId}`;

const claimKey = (input: AnyRefund) => (input.kind === 'return' ? returnRefundKey(input.returnId) : `admin-${input.requestId}`);

interface Claim {
  refund: RefundRow;
  /** a refund with this request id existed already (a double submit or a retry) */
  repeated: boolean;
  paymentId: string | null;
  number: string;
}

/**
 * Claims the refund under the order's row lock (refund-claim.ts): a repeated request id finds its
 * first refund; otherwise the amount and units are taken by conditional updates and recorded pending.
 */
async function claimRefund(tx: Transaction, ctx: PaymentContext, orderId: number, input: AnyRefund, actor: Actor, limitCents?: number): Promise<Claim> {
  const order = await lockOrderForRefund(tx, orderId);
  if (!order) throw notFound('Order not found');
  const key = claimKey(input);
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  if (existing) {
    if (existing.orderId !== orderId) throw conflict('This refund request belongs to another order. Reload the page and try again.');
    return { refund: existing, repeated: true, paymentId: order.paymentId, number: order.number };
  }
  const number = order.number;
  if (!(PAID as readonly string[]).includes(order.paymentStatus)) {
    throw conflict(
      order.paymentStatus === 'refunded'
        ? `Order #${number} has already been refunded in full.`
        : `Order #${number} has not been paid, so there is nothing to refund.`,
    );
  }
  if (order.paymentId && order.provider && order.provider !== ctx.provider.name) {
    throw conflict(`Order #${number} was paid through ${order.provider}, which this shop no longer uses. Refund it there.`);
  }
  const remaining = toCents(order.total) - toCents(order.refundedTotal);
  const { lines, shipping, amountCents } = await refundedLines(tx, orderId, input, order);
  if (amountCents <= 0) throw conflict(`Nothing is left to refund on order #${number}.`);
  if (amountCents > remaining) {
    throw conflict(`A refund of ${formatCents(amountCents)} is more than the ${formatCents(remaining)} left to refund on order #${number}.`);
  }
  if (limitCents !== undefined && amountCents > limitCents) {
    throw notAllowed(`A refund of ${formatCents(amountCents)} is over your limit of ${formatCents(limitCents)} per refund. Ask the shop owner or a manager.`);
  }
  // gift cards that paid the order get their part back first (decision 072)
  const giftCardParts = await splitOrderRefund(tx, orderId, order, amountCents);
  const refund = await takeRefundClaim(tx, orderId, { number, amountCents, lines, shipping, reason: input.reason, idempotencyKey: key, actor, giftCardParts });
  return { refund, repeated: false, paymentId: order.paymentId, number };
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForRefund>>>;

/**
 * The lines a refund covers, whether it gives the shipping back, and its amount: what the customer
 * paid for the chosen units (their price less their discount share plus their tax share, priced by
 * refundBreakdown from the shares stored on the lines) and the shipping with its tax when chosen;
 * the whole remainder; or the amount given. Read with the order locked, so the units' place in
 * their line (which carry the odd cents) cannot move meanwhile.
 */
async function refundedLines(
  tx: Transaction,
  orderId: number,
  input: AnyRefund,
  order: LockedOrder,
): Promise<{ lines: RefundLine[]; shipping: boolean; amountCents: number }> {
  const remaining = toCents(order.total) - toCents(order.refundedTotal);
  if (input.kind === 'amount') {
    const amountCents = toCents(input.amount);
    await refuseAmountIntoGiftCards(tx, orderId, order, amountCents);
    return { lines: [], shipping: false, amountCents };
  }
  const shippingGone = await shippingRefunded(tx, orderId);
  if (input.kind === 'full') return { lines: await unitsLeft(tx, orderId), shipping: !shippingGone, amountCents: remaining };
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const seen = new Set<number>();
  for (const line of input.lines) {
    const item = items.find((candidate) => candidate.id === line.itemId);
    if (!item) throw invalidInput(`Invalid refund: line ${line.itemId} is not part of this order`);
    if (seen.has(item.id)) throw invalidInput(`Invalid refund: ${item.productName} is listed twice`);
    seen.add(item.id);
    const left = item.quantity - item.refundedQuantity;
    if (line.quantity > left) {
      throw conflict(
        left === 0
          ? `${item.productName} has already been refunded in full.`
          : `Only ${left} of ${item.productName} can still be refunded (${item.quantity} sold, ${item.refundedQuantity} refunded).`,
      );
    }
  }
  refuseGiftCardRestock(input.lines, items, await giftCardLinesOf(tx, orderId, items));
  const shipping = input.kind === 'lines' && input.shipping;
  if (shipping) {
    if (shippingGone) throw conflict(`The shipping of order #${order.number} has already been refunded.`);
    if (toCents(order.shippingTotal) + toCents(order.shippingTax) <= 0)
      throw conflict(`Order #${order.number} shipped free, so there is no shipping to refund.`);
  }
  const breakdown = refundBreakdown(refundableOrder({ ...order, items }, shippingGone), { kind: 'lines', lines: input.lines, shipping });
  const linesCents = breakdown.totalCents;
  const lines = input.lines.map(({ itemId, quantity, restock }) => ({ itemId, quantity, restock }));
  if (input.kind === 'lines' || input.amountCents === null) return { lines, shipping, amountCents: linesCents };
  if (input.amountCents > linesCents) {
    throw invalidInput(`A refund of ${formatCents(input.amountCents)} is more than the ${formatCents(linesCents)} the returned units cost.`);
  }
  return { lines, shipping, amountCents: input.amountCents };
}

/**
 * The provider gave the money back: the refund is marked succeeded (once: only the caller whose
 * update matched goes on), the order's payment status moves, chosen lines are restocked and the
 * customer's e-mail is written, all in one transaction.
 */
async function completeRefund(ctx: PaymentContext, refund: RefundRow, providerRefundId: string | null): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (!(await markClaimSucceeded(tx, refund, providerRefundId))) return false;
    await markRefunded(tx, refund.orderId, refund.actor as Actor, `Refunded ${formatCents(toCents(refund.amount))}: ${refund.reason}`);
    const restock = refund.lines.filter((line) => line.restock);
    if (restock.length) {
      const items = await tx
        .select({ id: orderItems.id, productId: orderItems.productId, variantId: orderItems.variantId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.id,
            restock.map((line) => line.itemId),
          ),
        );
      const stockLines = restock.flatMap((line) => {
        const item = items.find((candidate) => candidate.id === line.itemId);
        // a line whose product or variant was deleted since has no shelf to go back to
        return item?.productId && item.variantId ? [{ productId: item.productId, variantId: item.variantId, quantity: line.quantity }] : [];
      });
      await restockRefundedUnits(tx, refund.orderId, stockLines, 'refund_restock', ctx.onRestock);
    }
    await recordRefundEmail(ctx, tx, refund.orderId, refund);
    return true;
  });
}

/** Moves the order's payment status after a refund: refunded when every captured cent has gone back. */
export async function markRefunded(tx: Transaction, orderId: number, actor: Actor, note: string): Promise<void> {
  const [row] = await tx
    .select({ total: orders.total, refunded: sql<string>`coalesce((select sum(amount) from refunds where order_id = ${orderId} and state = 'succeeded'), 0)` })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return;
  const full = toCents(row.refunded) >= toCents(row.total);
  await transitionOrder(tx, orderId, full ? 'refund_full' : 'refund_partial', { actor, note });
}

/**
 * The owner refunds a paid order: the whole remainder, chosen lines, or an amount. Claimed under
 * the order's lock, made at the provider with an idempotency key from the form's request id, then
 * recorded, restocked and e-mailed once. A provider failure leaves nothing recorded (502); sending
 * the same request again refunds once. Staff with a refund limit (support, decision 052) pass it: a refund
 * over it is refused (403) before anything is claimed.
 */
export async function refundOrder(ctx: PaymentContext, orderId: number, input: AnyRefund, actor: Actor, limitCents?: number): Promise<RefundView> {
  const claim = await ctx.db.transaction((tx) => claimRefund(tx, ctx, orderId, input, actor, limitCents));
  if (claim.refund.state === 'succeeded') return toRefundView(claim.refund);

  let providerRefundId: string | null = null;
  // the cards' part goes back on them when the refund completes; the provider is asked only for the rest
  const cardCents = toCents(claim.refund.amount) - giftCardCents(claim.refund.giftCardParts);
  if (claim.paymentId && cardCents > 0) {
    try {
      const made = await ctx.provider.refundPayment({
        id: claim.paymentId,
        amountCents: cardCents,
        // a return's retry after a failure may ask for another amount: a new request at the provider
        idempotencyKey: input.kind === 'return' ? `${claimKey(input)}-${toCents(claim.refund.amount)}` : `refund-${input.requestId}`,
      });
      providerRefundId = made.id;
    } catch (error) {
      ctx.log?.error({ err: error, orderId }, 'refund failed at the provider');
      // a repeated request may be racing the first one's provider call: only a fresh claim is released
      if (!claim.repeated) await releaseRefundClaim(ctx, claim.refund);
      throw providerFailed(`The payment provider did not make the refund, so nothing was refunded on order #${claim.number}. Please try again.`);
    }
  }
  await completeRefund(ctx, claim.refund, providerRefundId);
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, claim.refund.id));
  return toRefundView(row ?? claim.refund);
}

/** Records the refund's e-mail in the refund's own transaction, in a savepoint: the refund stands whether or not it could be. */
export async function recordRefundEmail(ctx: PaymentContext, tx: Transaction, orderId: number, refund: RefundRow): Promise<void> {
  await inSavepoint(
    tx,
    async (savepoint) => {
      const view = await loadOrderView(savepoint, orderId);
      if (!view) return;
      const names = refund.lines.flatMap((line) => {
        const item = view.items.find((candidate) => candidate.id === line.itemId);
        return item ? [`${line.quantity} × ${item.productName}${item.variantName ? ` (${item.variantName})` : ''}`] : [];
      });
      if (refund.shipping && toCents(view.shippingTotal) + toCents(view.shippingTax) > 0) names.push('Shipping');
      await sendOrderRefundedEmail(ctx.mail, savepoint, view, {
        amountCents: toCents(refund.amount),
        reason: refund.reason,
        lines: names,
        fullyRefunded: view.paymentStatus === 'refunded',
        split: describeRefundSplit({ giftCards: refund.giftCardParts, cardCents: toCents(refund.amount) - giftCardCents(refund.giftCardParts) }),
      });
    },
    (error) => ctx.log?.error({ err: error, orderId }, 'refund e-mail failed'),
  );
}
