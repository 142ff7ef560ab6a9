import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import type { Transaction } from '#server/db/client.ts';
import { orderItems, orders, productVariants, stockReservations } from '#server/db/schema.ts';
import { conflict } from '#server/errors/domain-errors.ts';

// A variant an order still needs is never deleted out from under it (decision 035): the
// reservation rows of an unpaid order would go with it (stock_reservations.variant_id cascades), so
// the order would be paid holding nothing, and a paid order's lines would lose the variant a refund
// or a return puts its units back on. There is no archived flag on variants to hide one instead, so
// the save is refused, naming the orders; the owner can set its stock to 0 to stop selling it.

/** Payment states of an order that sold its units (a refund may still restock them). */
const SOLD = ['succeeded', 'partially_refunded', 'refunded'] as const;

/** Orders named in the answer; a long list ends in "and N more". */
const NAMED = 5;

function named(numbers: string[]): string {
  const shown = numbers
    .slice(0, NAMED)
    .map((number) => `#${number}`)
    .join(', ');
  return numbers.length > NAMED ? `${shown} and ${numbers.length - NAMED} more` : shown;
}

function variantLabel(doc: SavedProductDocument, variantId: number): string {
  const variant = doc.variants.find((candidate) => candidate.id === variantId);
  if (variant?.sku) return `"${variant.sku}"`;
  const options = Object.values(variant?.options ?? {});
  return options.length ? `"${options.join(' / ')}"` : `${variantId}`;
}

/**
 * Refuses (409) to delete any of `gone` while an unpaid order holds it or a paid order sold it.
 * Runs under the product's row lock (the save took it first, as every checkout does), and locks the
 * variant rows themselves: a checkout writing a hold or an order line for one of them holds a key
 * share lock on it, so this waits for that checkout to commit and then sees its order, and none can
 * start on them until the delete commits.
 */
export async function refuseDeletingOrderedVariants(tx: Transaction, before: SavedProductDocument, gone: readonly number[]): Promise<void> {
  if (gone.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, [...gone]))
    .orderBy(asc(productVariants.id))
    .for('update');

  const held = await tx
    .selectDistinct({ variantId: stockReservations.variantId, number: orders.orderNumber })
    .from(stockReservations)
    .innerJoin(orders, eq(orders.id, stockReservations.orderId))
    .where(and(inArray(stockReservations.variantId, [...gone]), eq(stockReservations.state, 'held')))
    .orderBy(asc(stockReservations.variantId), asc(orders.orderNumber));
  const [firstHeld] = held;
  if (firstHeld) {
    const numbers = held.filter((row) => row.variantId === firstHeld.variantId).map((row) => row.number);
    const message =
      `Variant ${variantLabel(before, firstHeld.variantId)} cannot be removed: unpaid orders hold it (${named(numbers)}). ` +
      'Nothing was saved: wait until they are paid or expire, or release them under Orders, then save again.';
    throw conflict(message, [{ path: 'variants', message }]);
  }

  const sold = await tx
    .selectDistinct({ variantId: orderItems.variantId, number: orders.orderNumber })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.variantId, [...gone]), inArray(orders.paymentStatus, [...SOLD])))
    .orderBy(asc(orderItems.variantId), asc(orders.orderNumber));
  const [firstSold] = sold;
  if (firstSold) {
    const numbers = sold.filter((row) => row.variantId === firstSold.variantId).map((row) => row.number);
    const message =
      `Variant ${variantLabel(before, firstSold.variantId!)} cannot be removed: it was sold in ${named(numbers)}, whose refunds and returns put units back on it. ` +
      'Nothing was saved: set its stock to 0 to stop selling it.';
    throw conflict(message, [{ path: 'variants', message }]);
  }
}
