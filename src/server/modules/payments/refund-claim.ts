import { and, eq, inArray } from 'drizzle-orm';
import { centsToDecimal, formatCents, toCents } from '#common/money.ts';
import { giftCardCents, splitRefund, type GiftCardPart } from '#common/refund-split.ts';
import type { Transaction } from '#server/db/client.ts';
import { orderItems, orders, refunds, type RefundLine } from '#server/db/schema.ts';
import { conflict } from '#server/errors/domain-errors.ts';
import { giftCardTenders, refundToGiftCards } from '#server/modules/gift-cards/gift-card-credit-service.ts';
import { voidRefundedGiftCards } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import { giftCardTenderCents } from '#server/modules/gift-cards/gift-card-service.ts';
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
  /** the part going back on gift cards (decision 072); the card payment is asked for the rest */
  giftCardParts: GiftCardPart[];
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
      giftCardParts: input.giftCardParts,
    })
    .returning();
  return refund!;
}

/**
 * Splits a refund of the locked order gift cards first (decision 072, src/common/refund-split.ts): each
 * card's part at most what it paid less what earlier refunds (made or pending) give it; the card payment's
 * part, checked never to pass what the payment took less its earlier refunds (their amounts less their
 * cards' parts), so the provider is never asked for more than it charged.
 */
export async function splitOrderRefund(
  tx: Transaction,
  orderId: number,
  order: { number: string; total: string; refundedTotal: string },
  amountCents: number,
): Promise<GiftCardPart[]> {
  const earlier = (await tx.select({ parts: refunds.giftCardParts }).from(refunds).where(eq(refunds.orderId, orderId))).flatMap((row) => row.parts);
  const split = splitRefund(await giftCardTenders(tx, orderId, earlier), amountCents);
  const paidByCard = toCents(order.total) - (await giftCardTenderCents(tx, orderId));
  const cardLeft = paidByCard - (toCents(order.refundedTotal) - giftCardCents(earlier));
  // cannot happen while every refund is split here; kept so that nothing ever over-asks the provider
  if (split.cardCents > cardLeft) {
    throw conflict(`Only ${formatCents(Math.max(0, cardLeft))} of order #${order.number} can still go back to the card payment.`);
  }
  return split.giftCards;
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

/**
 * Marks a claimed refund as made, once: only the caller whose update matched goes on to its effects, the
 * first of which, in the same transaction, is the gift cards' part going back on the cards.
 */
/** The variants and units a refund's lines gave back: the gift cards among them are taken back. */
async function refundedVariants(tx: Transaction, refund: RefundRow): Promise<{ variantId: number; quantity: number }[]> {
  if (refund.lines.length === 0) return [];
  const items = await tx
    .select({ id: orderItems.id, variantId: orderItems.variantId })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, refund.orderId),
        inArray(
          orderItems.id,
          refund.lines.map((line) => line.itemId),
        ),
      ),
    );
  return refund.lines.flatMap((line) => {
    const variantId = items.find((item) => item.id === line.itemId)?.variantId;
    return variantId ? [{ variantId, quantity: line.quantity }] : [];
  });
}

export async function markClaimSucceeded(tx: Transaction, refund: RefundRow, providerRefundId: string | null): Promise<boolean> {
  const [done] = await tx
    .update(refunds)
    .set({ state: 'succeeded', providerRefundId })
    .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'pending')))
    .returning({ id: refunds.id });
  if (!done) return false;
  await refundToGiftCards(tx, refund.orderId, refund.giftCardParts, refund.reason);
  await voidRefundedGiftCards(tx, refund.orderId, await refundedVariants(tx, refund));
  return true;
}
