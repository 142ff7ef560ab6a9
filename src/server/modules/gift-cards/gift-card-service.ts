import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { giftCardsPay } from '#common/gift-cards.ts';
import { formatCents } from '#common/money.ts';
import type { GiftCardBalance } from '#common/schemas/gift-cards.ts';
import { GIFT_CARD_NOT_FOUND_MESSAGE } from '#common/schemas/gift-cards.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { giftCardHolds, giftCards, giftCardSources } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { hashGiftCardCode, newGiftCardCode } from './gift-card-codes.ts';
import { recordGiftCardChanges, type GiftCardChange } from './gift-card-ledger.ts';

// Gift cards (decision 059). Every change of a balance is one conditional update of the card row and its
// ledger row, in the caller's transaction: a spend is `balance = balance - x where balance >= x`, so two
// checkouts (or an owner's adjustment) racing for the same card can never take more than it holds.

interface NewGiftCard {
  amountCents: number;
  source: (typeof giftCardSources)[number];
  recipientName?: string | null;
  recipientEmail?: string | null;
  message?: string | null;
  userId?: number | null;
  orderId?: number | null;
  reason?: string | null;
  actorUserId?: number | null;
  /** the ledger row that opens the card: store credit for a return says so (decision 072) */
  ledgerKind?: 'issue' | 'store-credit';
}

/** The card just made, with its code: the only time the code exists outside the recipient's e-mail. */
export interface IssuedCard {
  id: number;
  code: string;
  balanceCents: number;
}

export async function issueGiftCard(tx: Transaction, card: NewGiftCard): Promise<IssuedCard> {
  const code = newGiftCardCode();
  const [row] = await tx
    .insert(giftCards)
    .values({
      codeHash: hashGiftCardCode(code),
      last4: code.slice(-4),
      initialCents: card.amountCents,
      balanceCents: card.amountCents,
      source: card.source,
      recipientName: card.recipientName ?? null,
      recipientEmail: card.recipientEmail ?? null,
      message: card.message ?? null,
      userId: card.userId ?? null,
      orderId: card.orderId ?? null,
    })
    .returning({ id: giftCards.id, balanceCents: giftCards.balanceCents });
  await recordGiftCardChanges(tx, [
    {
      giftCardId: row!.id,
      kind: card.ledgerKind ?? 'issue',
      amountCents: card.amountCents,
      balanceCents: row!.balanceCents,
      orderId: card.orderId,
      reason: card.reason,
      actorUserId: card.actorUserId,
    },
  ]);
  return { id: row!.id, code, balanceCents: row!.balanceCents };
}

/** The balance page's answer; an unknown code is the same not-found whatever the reason. */
export async function giftCardBalance(db: Database, normalizedCode: string): Promise<GiftCardBalance> {
  const [card] = await db
    .select({ last4: giftCards.last4, balanceCents: giftCards.balanceCents, status: giftCards.status })
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashGiftCardCode(normalizedCode)));
  if (!card) throw notFound(GIFT_CARD_NOT_FOUND_MESSAGE);
  return card;
}

/** What one card pays of an order. */
interface GiftCardTender {
  giftCardId: number;
  last4: string;
  cents: number;
}

/**
 * Takes the cards' part of an order of `totalCents` (the rule of `giftCardsPay`: all of it when they cover it,
 * else at most the total less the smallest card payment) from the cards named by `normalizedCodes`, in the order
 * given, for an order being placed. Each card's part is held (off its balance, a hold row and a ledger row) until the order is paid
 * (commit) or declined or expired (release). A card that is unknown, disabled or empty is refused by its last
 * four characters, so the shopper knows which one to take out. The card rows are locked in id order (one
 * lock order for every writer), then each spend is conditional on the balance covering it.
 */
export async function holdGiftCards(tx: Transaction, orderId: number, normalizedCodes: readonly string[], totalCents: number): Promise<GiftCardTender[]> {
  const hashes = [...new Set(normalizedCodes)].map(hashGiftCardCode);
  if (hashes.length === 0) return [];
  const locked = await tx
    .select({ id: giftCards.id, codeHash: giftCards.codeHash, last4: giftCards.last4, status: giftCards.status, balanceCents: giftCards.balanceCents })
    .from(giftCards)
    .where(inArray(giftCards.codeHash, hashes))
    .orderBy(asc(giftCards.id))
    .for('no key update');
  const cards = hashes.map((hash) => locked.find((card) => card.codeHash === hash));
  for (const card of cards) {
    if (!card) throw notFound(GIFT_CARD_NOT_FOUND_MESSAGE);
    if (card.status !== 'active') throw conflict(`The gift card ending in ${card.last4} is disabled`);
    if (card.balanceCents === 0) throw conflict(`The gift card ending in ${card.last4} has no balance left`);
  }
  let remaining = giftCardsPay(
    cards.reduce((sum, card) => sum + card!.balanceCents, 0),
    totalCents,
  );
  const tenders: GiftCardTender[] = [];
  const changes: GiftCardChange[] = [];
  for (const card of cards) {
    if (remaining === 0) break;
    const take = Math.min(card!.balanceCents, remaining);
    const [spent] = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} - ${take}` })
      .where(and(eq(giftCards.id, card!.id), eq(giftCards.status, 'active'), gte(giftCards.balanceCents, take)))
      .returning({ balanceCents: giftCards.balanceCents });
    // the row is locked above, so this holds; the condition is what guarantees it if that ever changes
    if (!spent) throw conflict(`The gift card ending in ${card!.last4} has no balance left`);
    await tx.insert(giftCardHolds).values({ giftCardId: card!.id, orderId, amountCents: take });
    changes.push({ giftCardId: card!.id, kind: 'hold', amountCents: -take, balanceCents: spent.balanceCents, orderId });
    tenders.push({ giftCardId: card!.id, last4: card!.last4, cents: take });
    remaining -= take;
  }
  await recordGiftCardChanges(tx, changes);
  return tenders;
}

/**
 * What the order's gift cards were to pay when it was placed, whatever became of the holds since: the card
 * payment is the order's total less this, for as long as the order lives.
 */
export async function giftCardTenderCents(db: Database | Transaction, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${giftCardHolds.amountCents})` })
    .from(giftCardHolds)
    .where(eq(giftCardHolds.orderId, orderId));
  return Number(row?.cents ?? 0);
}

/** The order is paid: its holds become redemptions (the money left the cards when they were held). */
export async function commitGiftCardHolds(tx: Transaction, orderId: number): Promise<void> {
  const committed = await tx
    .update(giftCardHolds)
    .set({ state: 'committed' })
    .where(and(eq(giftCardHolds.orderId, orderId), eq(giftCardHolds.state, 'held')))
    .returning({ giftCardId: giftCardHolds.giftCardId, amountCents: giftCardHolds.amountCents });
  const changes: GiftCardChange[] = [];
  for (const hold of committed) {
    const [card] = await tx.select({ balanceCents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, hold.giftCardId));
    changes.push({
      giftCardId: hold.giftCardId,
      kind: 'redeem',
      amountCents: 0,
      balanceCents: card!.balanceCents,
      orderId,
      reason: `${formatCents(hold.amountCents)} of the order paid`,
    });
  }
  await recordGiftCardChanges(tx, changes);
}

/** The order was declined, expired or cancelled unpaid: what it held goes back on each card, once. */
export async function releaseGiftCardHolds(tx: Transaction, orderId: number): Promise<void> {
  const released = await tx
    .update(giftCardHolds)
    .set({ state: 'released' })
    .where(and(eq(giftCardHolds.orderId, orderId), eq(giftCardHolds.state, 'held')))
    .returning({ giftCardId: giftCardHolds.giftCardId, amountCents: giftCardHolds.amountCents });
  const changes: GiftCardChange[] = [];
  for (const hold of released.sort((a, b) => a.giftCardId - b.giftCardId)) {
    const [card] = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${hold.amountCents}` })
      .where(eq(giftCards.id, hold.giftCardId))
      .returning({ balanceCents: giftCards.balanceCents });
    changes.push({ giftCardId: hold.giftCardId, kind: 'release', amountCents: hold.amountCents, balanceCents: card!.balanceCents, orderId });
  }
  await recordGiftCardChanges(tx, changes);
}
