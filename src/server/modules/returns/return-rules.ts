import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { orderItems, orderReturns, type returnStates } from '#server/db/schema.ts';
import type { CustomerOrderRow } from '#server/modules/orders/order-service.ts';

export type ReturnState = (typeof returnStates)[number];
export type ReturnRow = typeof orderReturns.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

// Units in these returns are on their way back or were settled by store credit; a refunded return's
// units count through the line's refunded_quantity instead. "refunding" counts in both until the
// refund settles, which only ever makes fewer units returnable, never more.
const HOLDING: readonly ReturnState[] = ['requested', 'approved', 'received', 'refunding', 'credited'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window's last moment: the first delivery plus the shop's days; null before delivery or without returns. */
export function returnWindowEnd(order: Pick<CustomerOrderRow, 'deliveredAt'>, windowDays: number): Date | null {
  if (windowDays <= 0 || !order.deliveredAt) return null;
  return new Date(order.deliveredAt.getTime() + windowDays * DAY_MS);
}

/** Why no return can be asked for on this order now, or null when one can. */
export function windowProblem(order: Pick<CustomerOrderRow, 'orderNumber' | 'status' | 'deliveredAt'>, windowDays: number, now: Date): string | null {
  if (windowDays <= 0) return 'This shop does not take returns.';
  if (order.status !== 'delivered' || !order.deliveredAt) return `Order #${order.orderNumber} has not been delivered, so nothing on it can be returned yet.`;
  const end = returnWindowEnd(order, windowDays)!;
  if (now.getTime() > end.getTime()) {
    const day = end.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    return `The ${windowDays}-day return window for order #${order.orderNumber} ended on ${day}.`;
  }
  return null;
}

export async function itemsOf(db: Database | Transaction, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export async function returnsOf(db: Database | Transaction, orderId: number): Promise<ReturnRow[]> {
  return db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(asc(orderReturns.createdAt), asc(orderReturns.id));
}

// A line that bought a gift card never goes back by a return (decision 081): the card was e-mailed and may be
// spent already; the owner takes one back by refunding its line, which voids what is left on it.
export const giftCardNotReturnable = (productName: string) => `${productName} is a gift card, which cannot be returned. Please contact us about it.`;

/** Units of each line that may still be returned: sold, less refunded, less those in other returns; none of a gift card line. */
export function returnableUnits(items: readonly OrderItemRow[], returns: readonly ReturnRow[], giftLines: ReadonlySet<number>): Map<number, number> {
  const left = new Map(items.map((item) => [item.id, giftLines.has(item.id) ? 0 : item.quantity - item.refundedQuantity]));
  for (const row of returns) {
    if (!HOLDING.includes(row.state)) continue;
    for (const line of row.lines) left.set(line.itemId, (left.get(line.itemId) ?? 0) - line.quantity);
  }
  for (const [id, units] of left) left.set(id, Math.max(0, units));
  return left;
}

/** "2 × Reset Pro 16 (16 mm)" for each line of a return, for e-mails and the history. */
export function describeLines(lines: ReadonlyArray<{ itemId: number; quantity: number }>, items: readonly OrderItemRow[]): string[] {
  return lines.flatMap((line) => {
    const item = items.find((candidate) => candidate.id === line.itemId);
    return item ? [`${line.quantity} × ${item.productName}${item.variantName ? ` (${item.variantName})` : ''}`] : [];
  });
}
