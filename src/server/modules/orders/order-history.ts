import { asc, eq, inArray, sql } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import type { AdminOrderDetail, AdminTimelineEntry } from '#common/schemas/order-refunds.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { emailOutbox, orderEvents, refunds, users } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';
import { giftCardTenders } from '#server/modules/gift-cards/gift-card-credit-service.ts';
import { boughtGiftCards } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import type { Actor } from './order-lifecycle.ts';
import { isPickupOrder, loadShipments } from './order-shipments.ts';
import { decimal, loadOrderView } from './order-view.ts';

/** Records beside the lifecycle steps, in the same order_events history. */
type OrderRecord = 'note' | 'tracking_updated' | 'shipment' | 'shipment_delivered' | 'dispute_opened' | 'dispute_updated' | 'dispute_closed' | ReturnRecord;

/** The steps of a return (decision 027), recorded beside the lifecycle with who took them. */
export type ReturnRecord = 'return_requested' | 'return_approved' | 'return_rejected' | 'return_received' | 'return_refunded' | 'return_credited';

/**
 * Adds a record to the order's history that is not a state change (a note, a dispute): the order's
 * states are written as they are, so the timeline reads the same way for every entry.
 */
export async function recordOrderEvent(
  tx: Database | Transaction,
  orderId: number,
  event: OrderRecord,
  options: { actor: Actor; note: string },
): Promise<boolean> {
  const result = (await tx.execute(sql`
    insert into order_events (order_id, event, from_status, to_status, from_payment_status, to_payment_status, actor, note)
    select id, ${event}, status, status, payment_status, payment_status, ${options.actor}, ${options.note} from orders where id = ${orderId}
    returning id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The owner's private note on an order. */
export async function addOrderNote(db: Database, orderId: number, note: string, actor: Actor): Promise<AdminOrderDetail> {
  if (!(await recordOrderEvent(db, orderId, 'note', { actor, note }))) throw notFound('Order not found');
  return loadAdminOrderDetail(db, orderId);
}

function adminId(actor: string): number | null {
  const match = /^admin:(\d+)$/.exec(actor);
  return match ? Number(match[1]) : null;
}

/**
 * The admin's order page: the order, its refunds, and one timeline of lifecycle steps, refunds,
 * disputes, notes and the e-mails sent about it (from the outbox), oldest first.
 */
export async function loadAdminOrderDetail(db: Database, orderId: number): Promise<AdminOrderDetail> {
  const order = await loadOrderView(db, orderId);
  if (!order) throw notFound('Order not found');
  const [events, mails, refundRows, shipments, pickup, bought] = await Promise.all([
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ kind: emailOutbox.kind, recipient: emailOutbox.recipient, subject: emailOutbox.subject, status: emailOutbox.status, at: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, orderId))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
    loadShipments(db, orderId),
    isPickupOrder(db, orderId),
    boughtGiftCards(db, orderId),
  ]);
  const adminIds = [...new Set(events.map((event) => adminId(event.actor)).filter((id): id is number => id !== null))];
  const names = new Map(
    adminIds.length
      ? (await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, adminIds))).map((u) => [u.id, u.username])
      : [],
  );
  const timeline: AdminTimelineEntry[] = [
    ...events.map((event) => {
      const id = adminId(event.actor);
      return {
        kind: 'event' as const,
        event: event.event,
        at: event.createdAt.toISOString(),
        actor: event.actor,
        actorName: id === null ? null : (names.get(id) ?? null),
        note: event.note,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        fromPaymentStatus: event.fromPaymentStatus,
        toPaymentStatus: event.toPaymentStatus,
      };
    }),
    ...mails.map((mail) => ({
      kind: 'email' as const,
      event: mail.kind,
      at: mail.at.toISOString(),
      actor: mail.recipient,
      actorName: null,
      note: `${mail.subject} (${mail.status})`,
      fromStatus: null,
      toStatus: null,
      fromPaymentStatus: null,
      toPaymentStatus: null,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const refundedCents = toCents(order.refundedTotal);
  const paid = order.paymentStatus === 'succeeded' || order.paymentStatus === 'partially_refunded';
  return {
    order,
    refunds: refundRows.map((row) => ({
      id: row.id,
      amount: decimal(row.amount),
      reason: row.reason,
      lines: row.lines,
      shipping: row.shipping,
      state: row.state,
      providerRefundId: row.providerRefundId,
      actor: row.actor,
      createdAt: row.createdAt.toISOString(),
      giftCards: row.giftCardParts,
    })),
    timeline,
    refundableCents: paid ? Math.max(0, toCents(order.total) - refundedCents) : 0,
    giftCards: await giftCardTenders(
      db,
      orderId,
      refundRows.flatMap((row) => row.giftCardParts),
    ),
    boughtGiftCards: bought.flatMap(({ variantId, state, amountCents, last4, balanceCents }) => {
      const item = order.items.find((candidate) => variantId !== null && candidate.variantId === variantId);
      return item ? [{ itemId: item.id, state, amountCents, last4, balanceCents }] : [];
    }),
    fulfilment: { pickup, shipments },
  };
}
