import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { formatCents } from '#common/money.ts';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { AdminGiftCard, AdminGiftCardDetail } from '#common/schemas/gift-cards.ts';
import type { Database } from '#server/db/client.ts';
import { giftCardLedger, giftCards, orders } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { offsetOf } from '#server/http/page-headers.ts';
import { recordGiftCardChanges } from './gift-card-ledger.ts';
import { issueGiftCard, type IssuedCard } from './gift-card-service.ts';

// The owner's gift cards: the list, a card and its ledger, issuing by hand, adjusting with a reason,
// disabling and enabling. Each change is a conditional update and its ledger row in one transaction.

type CardRow = typeof giftCards.$inferSelect;

const GIFT_CARD_NOT_FOUND = 'Gift card not found';

function toAdminGiftCard(row: CardRow): AdminGiftCard {
  return {
    id: row.id,
    last4: row.last4,
    initialCents: row.initialCents,
    balanceCents: row.balanceCents,
    status: row.status,
    source: row.source,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first; `q` finds a card by its last four characters, the recipient's name or e-mail. */
export async function listGiftCards(db: Database, query: { page: number; pageSize: number; q?: string }): Promise<Page<AdminGiftCard>> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const where: SQL | undefined = pattern
    ? or(ilike(giftCards.last4, pattern), ilike(giftCards.recipientName, pattern), ilike(giftCards.recipientEmail, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(giftCards).where(where).orderBy(desc(giftCards.id)).limit(query.pageSize).offset(offsetOf(query)),
    db.select({ total: count() }).from(giftCards).where(where),
  ]);
  return { items: rows.map(toAdminGiftCard), total: total?.total ?? 0 };
}

export async function giftCardDetail(db: Database, id: number): Promise<AdminGiftCardDetail> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  if (!row) throw notFound(GIFT_CARD_NOT_FOUND);
  // the order's public number is what the owner knows it by everywhere else (read, not written: orders owns it)
  const ledger = await db
    .select({ entry: giftCardLedger, orderNumber: orders.orderNumber })
    .from(giftCardLedger)
    .leftJoin(orders, eq(orders.id, giftCardLedger.orderId))
    .where(eq(giftCardLedger.giftCardId, id))
    .orderBy(asc(giftCardLedger.id));
  return {
    ...toAdminGiftCard(row),
    message: row.message,
    ledger: ledger.map(({ entry, orderNumber }) => ({
      id: entry.id,
      kind: entry.kind,
      amountCents: entry.amountCents,
      balanceCents: entry.balanceCents,
      orderId: entry.orderId,
      orderNumber,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

interface IssueByHand {
  amountCents: number;
  recipientName?: string;
  recipientEmail?: string;
  message?: string;
}

export async function issueGiftCardByHand(db: Database, input: IssueByHand, actorUserId: number): Promise<IssuedCard> {
  return db.transaction((tx) => issueGiftCard(tx, { ...input, source: 'admin', reason: 'Issued by hand', actorUserId }));
}

/**
 * Adds (or with a negative amount takes) cents with the owner's reason. Taking is conditional on the
 * balance covering it, so an adjustment racing a checkout never leaves the card below zero.
 */
export async function adjustGiftCard(db: Database, id: number, change: { amountCents: number; reason: string }, actorUserId: number): Promise<AdminGiftCard> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${change.amountCents}` })
      .where(and(eq(giftCards.id, id), sql`${giftCards.balanceCents} + ${change.amountCents} >= 0`))
      .returning();
    if (!row) {
      const [card] = await tx.select({ balanceCents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, id));
      if (!card) throw notFound(GIFT_CARD_NOT_FOUND);
      throw conflict(`The card holds only ${formatCents(card.balanceCents)}: it cannot go below zero`);
    }
    await recordGiftCardChanges(tx, [
      { giftCardId: id, kind: 'adjust', amountCents: change.amountCents, balanceCents: row.balanceCents, reason: change.reason, actorUserId },
    ]);
    return toAdminGiftCard(row);
  });
}

/** Disables a card (it can no longer pay; what it holds stays on it) or enables it again. */
export async function setGiftCardStatus(db: Database, id: number, status: 'active' | 'disabled', actorUserId: number): Promise<AdminGiftCard> {
  return db.transaction(async (tx) => {
    const leaving = status === 'active' ? 'disabled' : 'active';
    const [row] = await tx
      .update(giftCards)
      .set({ status })
      .where(and(eq(giftCards.id, id), eq(giftCards.status, leaving)))
      .returning();
    if (!row) {
      const [card] = await tx.select({ status: giftCards.status }).from(giftCards).where(eq(giftCards.id, id));
      if (!card) throw notFound(GIFT_CARD_NOT_FOUND);
      throw conflict(status === 'active' ? 'This gift card is already active' : 'This gift card is already disabled');
    }
    await recordGiftCardChanges(tx, [
      { giftCardId: id, kind: status === 'active' ? 'enable' : 'disable', amountCents: 0, balanceCents: row.balanceCents, actorUserId },
    ]);
    return toAdminGiftCard(row);
  });
}
