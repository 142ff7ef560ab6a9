import { formatCents, toCents } from './money.ts';
import { lineRefund, refundableLine } from './refund-allocation.ts';

// Refunds of orders that bought gift cards (decision 081), one rule for the refund form and the server's claim.
// A card is taken back only by refunding its line (the units name the cards), so an amount refund gives back at
// most what the order's other value still holds: it never leaves a bought card live with its money returned,
// and never takes back a card the owner did not choose.

type Item = Parameters<typeof refundableLine>[0];

/** The order's lines that bought gift cards: those whose variant is among the bought cards' variants. */
export function giftCardItemIds(items: ReadonlyArray<{ id: number; variantId: number | null }>, boughtVariants: ReadonlyArray<number | null>): Set<number> {
  const variants = new Set(boughtVariants.filter((id): id is number => id !== null));
  return new Set(items.filter((item) => item.variantId !== null && variants.has(item.variantId)).map((item) => item.id));
}

/** What the customer paid for the gift card units not refunded yet (price less discount share, plus tax share). */
export function giftCardUnitsLeftCents(items: readonly Item[], giftItems: ReadonlySet<number>): number {
  return items
    .filter((item) => giftItems.has(item.id))
    .reduce((sum, item) => sum + lineRefund(refundableLine(item), item.quantity - item.refundedQuantity).totalCents, 0);
}

/** The most an amount refund (no lines chosen) gives back: what is left to refund less the gift card units' part. */
export function amountRefundLimitCents(order: { total: string; refundedTotal: string; items: readonly Item[] }, giftItems: ReadonlySet<number>): number {
  const left = toCents(order.total) - toCents(order.refundedTotal);
  return Math.max(0, left - giftCardUnitsLeftCents(order.items, giftItems));
}

/** The refusal of an amount that reaches into the gift card units' part, the same on the page and from the server. */
export function amountIntoGiftCardsMessage(limitCents: number, giftCardsCents: number): string {
  return `An amount refund gives back at most ${formatCents(limitCents)} here: the other ${formatCents(giftCardsCents)} paid for gift cards, which only a refund of their lines takes back. Choose the gift card lines to refund them.`;
}

/** Gift cards have no stock: a refund or return may not put one back. */
export const giftCardRestockMessage = (productName: string) =>
  `${productName} is a gift card: it has no stock to put back. Refund it without "Put back in stock".`;
