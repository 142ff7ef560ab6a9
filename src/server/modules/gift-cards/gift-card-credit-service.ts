import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { giftCardCents, type GiftCardPart, type GiftCardTender } from '#common/refund-split.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { giftCardHolds, giftCards } from '#server/db/schema.ts';
import { conflict } from '#server/errors/domain-errors.ts';
import { recordGiftCardChanges } from './gift-card-ledger.ts';
import { issueGiftCard, type IssuedCard } from './gift-card-service.ts';

// Money going back onto gift cards (decision 072): the cards' part of a refund of an order they paid,
// and store credit for a return, issued as a new card.

/**
 * The cards that paid the order (committed holds, in the order they were applied) with what each paid and
 * what refunds, made or still pending, give it back (`earlier`: every refund's parts). Read with the order
 * row locked when a refund is split, so two refunds at once read each other's parts.
 */
export async function giftCardTenders(db: Database | Transaction, orderId: number, earlier: readonly GiftCardPart[]): Promise<GiftCardTender[]> {
  const holds = await db
    .select({ giftCardId: giftCardHolds.giftCardId, paidCents: giftCardHolds.amountCents, last4: giftCards.last4 })
    .from(giftCardHolds)
    .innerJoin(giftCards, eq(giftCards.id, giftCardHolds.giftCardId))
    .where(and(eq(giftCardHolds.orderId, orderId), eq(giftCardHolds.state, 'committed')))
    .orderBy(asc(giftCardHolds.id));
  return holds.map((hold) => ({
    ...hold,
    refundedCents: giftCardCents(earlier.filter((part) => part.giftCardId === hold.giftCardId)),
  }));
}

/**
 * The refund was made: each card's part goes back on its balance with a ledger row "refund" naming the
 * order, once (the caller is the one whose completion matched). The hold's refunded_cents is raised by a
 * conditional update that cannot pass what the card paid, and a check constraint backs it.
 */
export async function refundToGiftCards(tx: Transaction, orderId: number, parts: readonly GiftCardPart[], reason: string): Promise<void> {
  const sorted = [...parts].sort((a, b) => a.giftCardId - b.giftCardId);
  for (const part of sorted) {
    const [hold] = await tx
      .update(giftCardHolds)
      .set({ refundedCents: sql`${giftCardHolds.refundedCents} + ${part.cents}` })
      .where(
        and(
          eq(giftCardHolds.orderId, orderId),
          eq(giftCardHolds.giftCardId, part.giftCardId),
          eq(giftCardHolds.state, 'committed'),
          sql`${giftCardHolds.refundedCents} + ${part.cents} <= ${giftCardHolds.amountCents}`,
        ),
      )
      .returning({ id: giftCardHolds.id });
    if (!hold) throw conflict(`The gift card ending in ${part.last4} has already been given back what it paid.`);
    const [card] = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${part.cents}` })
      .where(eq(giftCards.id, part.giftCardId))
      .returning({ balanceCents: giftCards.balanceCents });
    await recordGiftCardChanges(tx, [
      { giftCardId: part.giftCardId, kind: 'refund', amountCents: part.cents, balanceCents: card!.balanceCents, orderId, reason },
    ]);
  }
}

interface StoreCredit {
  amountCents: number;
  orderId: number;
  orderNumber: string;
  returnId: number;
  customerName: string;
  customerEmail: string;
  userId: number | null;
  actorUserId: number | null;
}

/** Store credit for a return: a new card for the customer, its first ledger row "store-credit" naming the return and the order. */
export async function issueStoreCredit(tx: Transaction, credit: StoreCredit): Promise<IssuedCard> {
  return issueGiftCard(tx, {
    amountCents: credit.amountCents,
    source: 'store-credit',
    ledgerKind: 'store-credit',
    recipientName: credit.customerName,
    recipientEmail: credit.customerEmail,
    userId: credit.userId,
    orderId: credit.orderId,
    reason: `Store credit for return #${credit.returnId} of order #${credit.orderNumber}`,
    actorUserId: credit.actorUserId,
  });
}

/** The cards returns were credited with, for the return views: last four, amount issued, balance left. */
export function storeCreditCards(db: Database | Transaction, ids: readonly number[]) {
  return db
    .select({ id: giftCards.id, last4: giftCards.last4, initialCents: giftCards.initialCents, balanceCents: giftCards.balanceCents })
    .from(giftCards)
    .where(inArray(giftCards.id, [...ids]));
}
