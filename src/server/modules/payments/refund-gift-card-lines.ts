import { eq } from 'drizzle-orm';
import { amountIntoGiftCardsMessage, amountRefundLimitCents, giftCardRestockMessage, giftCardUnitsLeftCents } from '#common/gift-card-refunds.ts';
import type { Transaction } from '#server/db/client.ts';
import { orderItems } from '#server/db/schema.ts';
import { conflict, invalidInput } from '#server/errors/domain-errors.ts';
import { giftCardLinesOf } from '#server/modules/gift-cards/gift-card-purchase-service.ts';

// A refund's claim, with the order locked, for an order that bought gift cards (decision 081): a bought card is
// taken back only with its line, so no restock for it, and an amount never reaches into the cards' part.

type ItemRow = typeof orderItems.$inferSelect;

/** Refuses (400) "Put back in stock" on a gift card line: there is no stock to put it back in. */
export function refuseGiftCardRestock(
  lines: ReadonlyArray<{ itemId: number; restock: boolean }>,
  items: readonly ItemRow[],
  giftLines: ReadonlySet<number>,
): void {
  const asked = lines.find((line) => line.restock && giftLines.has(line.itemId));
  if (!asked) return;
  throw invalidInput(giftCardRestockMessage(items.find((item) => item.id === asked.itemId)?.productName ?? 'This line'));
}

/**
 * Refuses (409) an amount refund above what the order holds besides its gift card units not refunded yet. Read
 * under the order's row lock, so 20 amount refunds at once are checked one after the other against the total.
 */
export async function refuseAmountIntoGiftCards(
  tx: Transaction,
  orderId: number,
  order: { total: string; refundedTotal: string },
  amountCents: number,
): Promise<void> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const giftLines = await giftCardLinesOf(tx, orderId, items);
  if (giftLines.size === 0) return;
  const limitCents = amountRefundLimitCents({ ...order, items }, giftLines);
  if (amountCents > limitCents) throw conflict(amountIntoGiftCardsMessage(limitCents, giftCardUnitsLeftCents(items, giftLines)));
}
