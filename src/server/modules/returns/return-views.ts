import { inArray } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { AdminReturnsView, CustomerReturnsView } from '#common/schemas/order-returns.ts';
import type { Database } from '#server/db/client.ts';
import { coupons, refunds } from '#server/db/schema.ts';
import { getReturnPolicy } from '#server/modules/content/content-service.ts';
import { giftCardLinesOf } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import { storeCreditCards } from '#server/modules/gift-cards/gift-card-credit-service.ts';
import type { CustomerOrderRow } from '#server/modules/orders/order-service.ts';
import { itemsOf, returnableUnits, returnsOf, returnWindowEnd, windowProblem, type OrderItemRow, type ReturnRow } from './return-rules.ts';
import { returnValueCents } from './return-steps.ts';

const money = (value: string) => centsToDecimal(toCents(value));

/** The refunds and store credits the returns ended in. */
async function settlements(db: Database, rows: readonly ReturnRow[]) {
  const refundIds = rows.flatMap((row) => (row.refundId ? [row.refundId] : []));
  const couponIds = rows.flatMap((row) => (row.couponId ? [row.couponId] : []));
  const cardIds = rows.flatMap((row) => (row.giftCardId ? [row.giftCardId] : []));
  const [refundRows, couponRows, cardRows] = await Promise.all([
    refundIds.length ? db.select().from(refunds).where(inArray(refunds.id, refundIds)) : [],
    couponIds.length ? db.select().from(coupons).where(inArray(coupons.id, couponIds)) : [],
    cardIds.length ? storeCreditCards(db, cardIds) : [],
  ]);
  return {
    refundOf: (row: ReturnRow) => refundRows.find((refund) => refund.id === row.refundId) ?? null,
    /** the gift card it became (decision 072), or the coupon of a return credited before */
    creditOf: (row: ReturnRow) => {
      const card = cardRows.find((candidate) => candidate.id === row.giftCardId);
      if (card) return { kind: 'gift-card' as const, code: card.last4, amount: centsToDecimal(card.initialCents), used: card.balanceCents < card.initialCents };
      const coupon = couponRows.find((candidate) => candidate.id === row.couponId);
      return coupon ? { kind: 'coupon' as const, code: coupon.code, amount: money(coupon.amount), used: coupon.timesUsed > 0 } : null;
    },
  };
}

function lineViews(row: ReturnRow, items: readonly OrderItemRow[]) {
  return row.lines.map((line) => {
    const item = items.find((candidate) => candidate.id === line.itemId);
    return {
      itemId: line.itemId,
      productName: item?.productName ?? 'Removed item',
      variantName: item?.variantName ?? null,
      quantity: line.quantity,
      price: money(item?.price ?? '0'),
      restock: line.restock,
    };
  });
}

/** The customer's side: the shop's terms, whether the window is open, what can go back, and each return without the shop's internals. */
export async function customerReturnsView(db: Database, order: CustomerOrderRow, now = new Date()): Promise<CustomerReturnsView> {
  const [policy, items, rows] = await Promise.all([getReturnPolicy(db), itemsOf(db, order.id), returnsOf(db, order.id)]);
  const [{ refundOf, creditOf }, giftLines] = await Promise.all([settlements(db, rows), giftCardLinesOf(db, order.id, items)]);
  const paid = order.paymentStatus === 'succeeded' || order.paymentStatus === 'partially_refunded';
  const end = returnWindowEnd(order, policy.windowDays);
  const left = returnableUnits(items, rows, giftLines);
  return {
    policy,
    window: { open: paid && windowProblem(order, policy.windowDays, now) === null, endsAt: end?.toISOString() ?? null },
    returnable: items.map((item) => ({ itemId: item.id, quantity: left.get(item.id) ?? 0, giftCard: giftLines.has(item.id) })),
    returns: rows.map((row) => {
      const refund = refundOf(row);
      const credit = creditOf(row);
      return {
        id: row.id,
        state: row.state === 'refunding' ? 'received' : row.state,
        createdAt: row.createdAt.toISOString(),
        reason: row.reason,
        lines: lineViews(row, items).map(({ itemId, productName, variantName, quantity }) => ({ itemId, productName, variantName, quantity })),
        instructions: row.state === 'rejected' ? null : row.instructions,
        rejectionReason: row.rejectionReason,
        refundAmount: refund?.state === 'succeeded' ? money(refund.amount) : null,
        credit: credit ? { kind: credit.kind, code: credit.code, amount: credit.amount } : null,
      };
    }),
  };
}

/** The owner's side: every return with its restock choices, its value, and the refund or credit it ended in. */
export async function adminReturnsView(db: Database, orderId: number): Promise<AdminReturnsView> {
  const [items, rows] = await Promise.all([itemsOf(db, orderId), returnsOf(db, orderId)]);
  const { refundOf, creditOf } = await settlements(db, rows);
  return {
    orderId,
    returns: rows.map((row) => {
      const refund = refundOf(row);
      const credit = creditOf(row);
      return {
        id: row.id,
        state: row.state,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        reason: row.reason,
        lines: lineViews(row, items),
        instructions: row.instructions,
        rejectionReason: row.rejectionReason,
        valueCents: returnValueCents(row, items),
        refund: refund ? { id: refund.id, amount: money(refund.amount), state: refund.state } : null,
        credit,
      };
    }),
  };
}
