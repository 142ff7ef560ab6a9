import { and, eq, gt, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { couponReservations, coupons, products, stockReservations } from '#server/db/schema.ts';
import { conflict } from '#server/http/errors.ts';
import { couponError, couponProblem } from '#server/modules/coupons/coupon-service.ts';

// Stock and coupon uses are taken when the payment is created and given back exactly once unless
// the payment succeeds (docs/decisions/002). Every step is a conditional update, so two
// transactions racing for the last unit cannot both win, and two releasers cannot both give back.

export function shortOfStockMessage(name: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`;
}

/** Takes each line's quantity from stock (lines sorted by product id, so concurrent orders lock in one order). */
export async function reserveStock(
  tx: Transaction,
  orderId: number,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
  expiresAt: Date,
): Promise<Array<{ productId: number; name: string; price: string }>> {
  const taken: Array<{ productId: number; name: string; price: string }> = [];
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(products.id, line.productId), eq(products.isDeleted, false), sql`${products.stock} >= ${line.quantity}`))
      .returning({ id: products.id, name: products.name, price: products.price });
    if (!row) {
      const [current] = await tx.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, line.productId));
      throw conflict(shortOfStockMessage(current?.name ?? `Product ${line.productId}`, Math.max(0, current?.stock ?? 0)));
    }
    taken.push({ productId: row.id, name: row.name, price: row.price });
  }
  await tx.insert(stockReservations).values(lines.map((line) => ({ orderId, productId: line.productId, quantity: line.quantity, expiresAt })));
  return taken;
}

/** One use of the coupon, against usageLimit (0 = unlimited) and its dates, in the same transaction. */
export async function reserveCouponUse(tx: Transaction, orderId: number, couponId: number, expiresAt: Date): Promise<void> {
  const now = new Date();
  const [row] = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.isActive, true),
        sql`(${coupons.usageLimit} = 0 or ${coupons.timesUsed} < ${coupons.usageLimit})`,
        sql`(${coupons.validFrom} is null or ${coupons.validFrom} <= ${now})`,
        sql`(${coupons.validTo} is null or ${coupons.validTo} >= ${now})`,
      ),
    )
    .returning({ id: coupons.id });
  if (!row) {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
    throw couponError(couponProblem(current, now) ?? 'exhausted');
  }
  await tx.insert(couponReservations).values({ orderId, couponId, expiresAt });
}

type ReservationState = 'held' | 'committed';

/**
 * Gives back what the order holds in the given state (held: an unpaid order closing; committed: a
 * paid order cancelled and restocked); answers what was given back. The reservations change state in
 * the same conditional update, so a second call gives nothing back twice.
 */
export async function giveBackReservations(tx: Transaction, orderId: number, state: ReservationState): Promise<{ units: number; couponUses: number }> {
  const released = await tx
    .update(stockReservations)
    .set({ state: 'released' })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.state, state)))
    .returning({ productId: stockReservations.productId, quantity: stockReservations.quantity });
  for (const line of released.sort((a, b) => a.productId - b.productId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId));
  }
  const coupon = await tx
    .update(couponReservations)
    .set({ state: 'released' })
    .where(and(eq(couponReservations.orderId, orderId), eq(couponReservations.state, state)))
    .returning({ couponId: couponReservations.couponId });
  for (const use of coupon) {
    await tx
      .update(coupons)
      .set({ timesUsed: sql`${coupons.timesUsed} - 1` })
      .where(and(eq(coupons.id, use.couponId), gt(coupons.timesUsed, 0)));
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
