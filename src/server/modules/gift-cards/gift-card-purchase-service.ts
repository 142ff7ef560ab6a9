import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { giftCardItemIds } from '#common/gift-card-refunds.ts';
import type { GiftCardRecipient } from '#common/schemas/gift-cards.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { giftCardDeliveries, giftCards, orderItems } from '#server/db/schema.ts';
import { CLAIM_SHARE, claimScheduledRun } from '#server/db/scheduled-runs.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';
import { toCents } from '#common/money.ts';
import { recordGiftCardChanges } from './gift-card-ledger.ts';
import { issueGiftCard } from './gift-card-service.ts';

// Gift cards sold as products (decision 066). A product of the Gift Card type sells its amounts as variants; each
// unit bought becomes a delivery row with the order, scheduled when the order is paid (once: the paid step moves
// the rows out of awaiting_payment), and on its day the card is issued and e-mailed in one transaction.

export const RECIPIENT_REQUIRED = "Enter the gift card's recipient: their name, e-mail address and the day to send it";
const NOT_A_GIFT_CARD = 'Only a gift card line takes a recipient';

interface OrderLine {
  productId?: number | undefined;
  variantId?: number | undefined;
  quantity: number;
  giftCard?: GiftCardRecipient | undefined;
}

/** A priced line: which product and variant a cart line came to, and whether it is a gift card. */
interface PricedLine {
  productId: number;
  variantId: number;
  giftCard: boolean;
}

/** Whether the cart line came to a gift card: its variant, or its product's only one (priceLines refuses the rest). */
const isGiftCardLine = (line: OrderLine, priced: readonly PricedLine[]) =>
  priced.find((row) => (line.variantId !== undefined ? row.variantId === line.variantId : row.productId === line.productId))?.giftCard ?? false;

/**
 * Once the cart is priced and before an order is placed: a gift card line names its recipient and day, and no
 * other line does. A 400 names the line, so nothing is reserved for a cart that cannot be sent.
 */
export function checkGiftCardLines(lines: readonly OrderLine[], priced: readonly PricedLine[]): void {
  lines.forEach((line, index) => {
    const giftCard = isGiftCardLine(line, priced);
    if (giftCard && !line.giftCard) throw invalidInput(RECIPIENT_REQUIRED, [{ path: `items.${index}.giftCard`, message: RECIPIENT_REQUIRED }]);
    if (!giftCard && line.giftCard) throw invalidInput(NOT_A_GIFT_CARD, [{ path: `items.${index}.giftCard`, message: NOT_A_GIFT_CARD }]);
  });
}

/**
 * With the order just placed: one delivery per gift card unit, at the price its line was sold at, awaiting the
 * payment. (order, position) is unique, so writing the same order twice adds nothing.
 */
export async function recordGiftCardPurchases(db: Database, orderId: number, lines: readonly OrderLine[], senderName: string): Promise<number> {
  const gifts = lines.filter((line) => line.giftCard);
  if (gifts.length === 0) return 0;
  const sold = await db
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const rows: (typeof giftCardDeliveries.$inferInsert)[] = [];
  for (const line of gifts) {
    const item = sold.find((row) => (line.variantId !== undefined ? row.variantId === line.variantId : row.productId === line.productId));
    if (!item) continue;
    for (let unit = 0; unit < line.quantity; unit += 1) {
      rows.push({
        orderId,
        position: rows.length,
        variantId: item.variantId,
        amountCents: toCents(item.price),
        recipientName: line.giftCard!.recipientName,
        recipientEmail: line.giftCard!.recipientEmail,
        message: line.giftCard!.message ?? null,
        senderName,
        deliverOn: line.giftCard!.deliverOn,
      });
    }
  }
  if (rows.length === 0) return 0;
  const written = await db.insert(giftCardDeliveries).values(rows).onConflictDoNothing().returning({ id: giftCardDeliveries.id });
  return written.length;
}

/** What the e-mail of one card needs; the code exists only here and in the e-mail. */
interface GiftCardToSend {
  to: string;
  orderId: number;
  code: string;
  amountCents: number;
  recipientName: string;
  senderName: string;
  message: string | null;
}

/** Writes the card's e-mail in the transaction that issues it (mail/gift-card-mail-service.ts, passed in). */
type SendGiftCard = (tx: Transaction, card: GiftCardToSend) => Promise<unknown>;

/**
 * A refund was made of units that bought gift cards (in the refund's one conditional step, so a refund the
 * provider refused voids nothing): each unit's card, the latest first, is taken back. One not sent yet is never
 * sent; a sent one loses what is left of its value, up to what it was bought for, with a ledger row naming the
 * order. What its holder already spent stays spent: the owner chose to refund it.
 */
export async function voidRefundedGiftCards(tx: Transaction, orderId: number, units: readonly { variantId: number; quantity: number }[]): Promise<void> {
  for (const unit of units) {
    const deliveries = await tx
      .select({
        id: giftCardDeliveries.id,
        state: giftCardDeliveries.state,
        giftCardId: giftCardDeliveries.giftCardId,
        amountCents: giftCardDeliveries.amountCents,
      })
      .from(giftCardDeliveries)
      .where(
        and(
          eq(giftCardDeliveries.orderId, orderId),
          eq(giftCardDeliveries.variantId, unit.variantId),
          inArray(giftCardDeliveries.state, ['awaiting_payment', 'scheduled', 'sent']),
        ),
      )
      .orderBy(desc(giftCardDeliveries.position))
      .limit(unit.quantity)
      .for('update');
    for (const delivery of deliveries) {
      const [voided] = await tx
        .update(giftCardDeliveries)
        .set({ state: 'cancelled' })
        .where(and(eq(giftCardDeliveries.id, delivery.id), eq(giftCardDeliveries.state, delivery.state)))
        .returning({ id: giftCardDeliveries.id });
      if (!voided || delivery.state !== 'sent' || delivery.giftCardId === null) continue;
      const [card] = await tx.select({ balanceCents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, delivery.giftCardId)).for('update');
      const taken = Math.min(card?.balanceCents ?? 0, delivery.amountCents);
      if (taken === 0) continue;
      const [left] = await tx
        .update(giftCards)
        .set({ balanceCents: sql`${giftCards.balanceCents} - ${taken}` })
        .where(eq(giftCards.id, delivery.giftCardId))
        .returning({ balanceCents: giftCards.balanceCents });
      await recordGiftCardChanges(tx, [
        {
          giftCardId: delivery.giftCardId,
          kind: 'adjust',
          amountCents: -taken,
          balanceCents: left!.balanceCents,
          orderId,
          reason: 'Taken back: its purchase was refunded',
        },
      ]);
    }
  }
}

/** A unit an order bought as a gift card, as the refund dialog shows it; the card once it was issued. */
interface BoughtGiftCard {
  variantId: number | null;
  state: (typeof giftCardDeliveries.$inferSelect)['state'];
  amountCents: number;
  last4: string | null;
  balanceCents: number | null;
}

/**
 * The gift cards an order bought, the latest unit first, the order a refund takes them back in
 * (voidRefundedGiftCards): the refund form hides their stock and warns of a card partly spent.
 */
export async function boughtGiftCards(db: Database | Transaction, orderId: number): Promise<BoughtGiftCard[]> {
  return db
    .select({
      variantId: giftCardDeliveries.variantId,
      state: giftCardDeliveries.state,
      amountCents: giftCardDeliveries.amountCents,
      last4: giftCards.last4,
      balanceCents: giftCards.balanceCents,
    })
    .from(giftCardDeliveries)
    .leftJoin(giftCards, eq(giftCards.id, giftCardDeliveries.giftCardId))
    .where(eq(giftCardDeliveries.orderId, orderId))
    .orderBy(desc(giftCardDeliveries.position));
}

/** The order's lines that bought gift cards: those whose variant has a card of this order (decision 081). */
export async function giftCardLinesOf(
  db: Database | Transaction,
  orderId: number,
  items: ReadonlyArray<{ id: number; variantId: number | null }>,
): Promise<Set<number>> {
  const bought = await boughtGiftCards(db, orderId);
  return giftCardItemIds(
    items,
    bought.map((card) => card.variantId),
  );
}

/**
 * The order is paid (in payOrder's transaction): its deliveries leave awaiting_payment, once, and those due
 * today or earlier are issued and e-mailed now; later ones wait for their day (deliverDueGiftCards).
 */
export async function scheduleOrderGiftCards(tx: Transaction, orderId: number, send: SendGiftCard): Promise<number> {
  const scheduled = await tx
    .update(giftCardDeliveries)
    .set({ state: 'scheduled' })
    .where(and(eq(giftCardDeliveries.orderId, orderId), eq(giftCardDeliveries.state, 'awaiting_payment')))
    .returning({ id: giftCardDeliveries.id });
  if (scheduled.length === 0) return 0;
  return deliverDue(tx, send, eq(giftCardDeliveries.orderId, orderId));
}

/** An unpaid order closed: its gift cards will never be sent. */
export async function cancelOrderGiftCards(tx: Transaction, orderId: number): Promise<void> {
  await tx
    .update(giftCardDeliveries)
    .set({ state: 'cancelled' })
    .where(and(eq(giftCardDeliveries.orderId, orderId), eq(giftCardDeliveries.state, 'awaiting_payment')));
}

/**
 * Issues and e-mails the scheduled cards due by today (UTC), each claimed by the conditional update that moves it
 * to sent, so two runs (or instances) at once send each card once.
 */
async function deliverDue(tx: Transaction, send: SendGiftCard, which = sql`true`): Promise<number> {
  const claimed = await tx
    .update(giftCardDeliveries)
    .set({ state: 'sent', sentAt: sql`now()` })
    .where(and(which, eq(giftCardDeliveries.state, 'scheduled'), lte(giftCardDeliveries.deliverOn, sql`(now() at time zone 'utc')::date`)))
    .returning();
  for (const delivery of claimed.sort((a, b) => a.id - b.id)) {
    const card = await issueGiftCard(tx, {
      amountCents: delivery.amountCents,
      source: 'purchase',
      recipientName: delivery.recipientName,
      recipientEmail: delivery.recipientEmail,
      message: delivery.message,
      orderId: delivery.orderId,
      reason: `Bought by ${delivery.senderName}`,
    });
    await tx.update(giftCardDeliveries).set({ giftCardId: card.id }).where(eq(giftCardDeliveries.id, delivery.id));
    await send(tx, {
      to: delivery.recipientEmail,
      orderId: delivery.orderId,
      code: card.code,
      amountCents: delivery.amountCents,
      recipientName: delivery.recipientName,
      senderName: delivery.senderName,
      message: delivery.message,
    });
  }
  return claimed.length;
}

/** One run of the scheduled deliveries: the cards whose day has come, a batch per transaction. */
export async function deliverDueGiftCards(db: Database, send: SendGiftCard): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: giftCardDeliveries.id })
        .from(giftCardDeliveries)
        .where(and(eq(giftCardDeliveries.state, 'scheduled'), lte(giftCardDeliveries.deliverOn, sql`(now() at time zone 'utc')::date`)))
        .orderBy(asc(giftCardDeliveries.id))
        .limit(50);
      if (due.length === 0) return 0;
      return deliverDue(
        tx,
        send,
        inArray(
          giftCardDeliveries.id,
          due.map((row) => row.id),
        ),
      );
    });
    total += batch;
    if (batch === 0) return total;
  }
}

/** The buyer's confirmation: each recipient and the day their card goes out. */
export async function orderGiftCardDeliveries(
  db: Database | Transaction,
  orderId: number,
): Promise<{ recipientName: string; recipientEmail: string; deliverOn: string; amountCents: number; state: string }[]> {
  return db
    .select({
      recipientName: giftCardDeliveries.recipientName,
      recipientEmail: giftCardDeliveries.recipientEmail,
      deliverOn: giftCardDeliveries.deliverOn,
      amountCents: giftCardDeliveries.amountCents,
      state: giftCardDeliveries.state,
    })
    .from(giftCardDeliveries)
    .where(eq(giftCardDeliveries.orderId, orderId))
    .orderBy(asc(giftCardDeliveries.position));
}

/**
 * Every interval one instance (the scheduled run's claim) issues and e-mails the gift cards whose day has come;
 * each card is claimed by its own conditional update too, so even two runs at once send it once.
 */
export function scheduleGiftCardDeliveries(
  deps: { db: Database; send: SendGiftCard },
  options: { intervalMs: number; log: { warn(object: object, message: string): void } },
) {
  let running = false;
  const interval = setInterval(() => {
    if (running) return;
    running = true;
    claimScheduledRun(deps.db, 'gift-card-deliveries', options.intervalMs * CLAIM_SHARE)
      .then(async (mine) => {
        if (mine) await deliverDueGiftCards(deps.db, deps.send);
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'gift card deliveries run failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  interval.unref();
  return { stop: () => clearInterval(interval) };
}
