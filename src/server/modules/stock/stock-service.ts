import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import type { StockLedgerReason } from '#common/schemas/stock-ledger.ts';
import { couponCustomerUses, couponReservations, coupons, products, productVariants, stockReservations } from '#server/db/schema.ts';
import { recordStockChanges, type StockChange } from './stock-ledger-service.ts';

// Stock and coupon uses are taken when the payment is created (in one statement with the order:
// checkout/place-order.ts) and given back exactly once unless the payment succeeds (docs/decisions/002).
// Every step is a conditional update or runs under the rows' locks, so two checkouts racing for the
// last unit cannot both win, and two releasers cannot both give back.

export function shortOfStockMessage(name: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`;
}

/** A variant whose stock went from none to `units`: what back-in-stock alerts wait for. */
export interface VariantRestock {
  variantId: number;
  units: number;
}

/**
 * Called by every writer of variant stock (give-backs here, the product editor, the CSV import, the
 * admin's stock field), in the writer's transaction, with the variants it brought back from 0: the
 * composition root hands in the back-in-stock alerts (decision 022), so a restock and its alert
 * e-mails commit together.
 */
export type OnRestock = (tx: Transaction, restocks: VariantRestock[]) => Promise<void>;

/** The restocks among stock changes: from 0 (or less) to more. */
export function restocksOf(changes: ReadonlyArray<{ variantId: number; before: number; after: number }>): VariantRestock[] {
  return changes.filter((change) => change.before <= 0 && change.after > 0).map((change) => ({ variantId: change.variantId, units: change.after }));
}

/** A line of an order as stock sees it: a variant of a product and how many. */
interface StockLine {
  productId: number;
  variantId: number;
  quantity: number;
}

/**
 * Every writer of a product's variants locks the product row first, in id order, then the variants:
 * one lock order for checkouts, give-backs and the admin's edits, so none can deadlock another, and
 * the product's total (the sum of its variants' stock) moves in the same transaction.
 */
export async function lockProducts(tx: Transaction, productIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('no key update');
}

/** Moves a variant's stock and its product's total by `delta` (negative to take). */
async function moveStock(tx: Transaction, line: StockLine, delta: number): Promise<{ price: string; stock: number } | undefined> {
  const [variant] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(productVariants.id, line.variantId), eq(productVariants.productId, line.productId), sql`${productVariants.stock} + ${delta} >= 0`))
    .returning({ price: productVariants.price, stock: productVariants.stock });
  if (!variant) return undefined;
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}`, updatedAt: new Date() })
    .where(eq(products.id, line.productId));
  return variant;
}

type ReservationState = 'held' | 'committed';

/** Why an order's stock comes back: the lifecycle step that closed or cancelled it. */
export type GiveBackReason = Extract<StockLedgerReason, 'expiry' | 'decline' | 'cancel'>;

/**
 * Gives back what the order holds in the given state (held: an unpaid order closing; committed: a
 * paid order cancelled and restocked); answers what was given back. The reservations change state in
 * the same conditional update, so a second call gives nothing back twice.
 */
export async function giveBackReservations(
  tx: Transaction,
  orderId: number,
  state: ReservationState,
  reason: GiveBackReason,
  onRestock?: OnRestock,
): Promise<{ units: number; couponUses: number }> {
  const released = await tx
    .update(stockReservations)
    .set({ state: 'released' })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.state, state)))
    .returning({ productId: stockReservations.productId, variantId: stockReservations.variantId, quantity: stockReservations.quantity });
  await lockProducts(
    tx,
    released.map((line) => line.productId),
  );
  const changes: Array<{ variantId: number; before: number; after: number }> = [];
  const entries: StockChange[] = [];
  for (const line of released.sort((a, b) => a.variantId - b.variantId)) {
    const moved = await moveStock(tx, line, line.quantity);
    if (!moved) continue;
    changes.push({ variantId: line.variantId, before: moved.stock - line.quantity, after: moved.stock });
    entries.push({ variantId: line.variantId, reason, change: line.quantity, level: moved.stock, orderId });
  }
  await recordStockChanges(tx, entries);
  const restocks = restocksOf(changes);
  if (onRestock && restocks.length) await onRestock(tx, restocks);
  const coupon = await tx
    .update(couponReservations)
    .set({ state: 'released' })
    .where(and(eq(couponReservations.orderId, orderId), eq(couponReservations.state, state)))
    .returning({ couponId: couponReservations.couponId, customerKey: couponReservations.customerKey });
  for (const use of coupon) {
    await tx
      .update(coupons)
      .set({ timesUsed: sql`${coupons.timesUsed} - 1` })
      .where(and(eq(coupons.id, use.couponId), gt(coupons.timesUsed, 0)));
    // the customer's use of a code with a per-customer limit goes back with it (decision 058)
    if (use.customerKey !== null) {
      await tx
        .update(couponCustomerUses)
        .set({ uses: sql`${couponCustomerUses.uses} - 1` })
        .where(and(eq(couponCustomerUses.couponId, use.couponId), eq(couponCustomerUses.customerKey, use.customerKey), gt(couponCustomerUses.uses, 0)));
    }
  }
  return { units: released.reduce((sum, line) => sum + line.quantity, 0), couponUses: coupon.length };
}

/** A paid order keeps what it held: its stock is sold and its coupon use counts for good. */
export async function commitReservations(tx: Transaction, orderId: number): Promise<void> {
  await tx
    .update(stockReservations)
    .set({ state: 'committed' })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.state, 'held')));
  await tx
    .update(couponReservations)
    .set({ state: 'committed' })
    .where(and(eq(couponReservations.orderId, orderId), eq(couponReservations.state, 'held')));
}

/**
 * Puts refunded units of a paid order back on sale: product rows locked first, then each variant
 * (the one lock order). The order's committed reservation shrinks by the same units, so cancelling
 * the order later gives back only what it still holds.
 */
export async function restockRefundedUnits(
  tx: Transaction,
  orderId: number,
  lines: ReadonlyArray<StockLine>,
  reason: Extract<StockLedgerReason, 'refund_restock' | 'return_receive'>,
  onRestock?: OnRestock,
): Promise<number> {
  await lockProducts(
    tx,
    lines.map((line) => line.productId),
  );
  let units = 0;
  const changes: Array<{ variantId: number; before: number; after: number }> = [];
  const entries: StockChange[] = [];
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const moved = await moveStock(tx, line, line.quantity);
    if (!moved) continue;
    changes.push({ variantId: line.variantId, before: moved.stock - line.quantity, after: moved.stock });
    entries.push({ variantId: line.variantId, reason, change: line.quantity, level: moved.stock, orderId });
    units += line.quantity;
    await tx
      .update(stockReservations)
      .set({ quantity: sql`greatest(${stockReservations.quantity} - ${line.quantity}, 0)` })
      .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.variantId, line.variantId), eq(stockReservations.state, 'committed')));
  }
  await recordStockChanges(tx, entries);
  // a variant back from sold out alerts its waiting sign-ups (stock-alerts), in this transaction
  const restocks = restocksOf(changes);
  if (onRestock && restocks.length) await onRestock(tx, restocks);
  return units;
}
