import { and, countDistinct, eq, gt, or, sql, sum } from 'drizzle-orm';
import { RESERVATION_TTL_MINUTES } from '#common/constants.ts';
import type { Transaction } from '#server/db/client.ts';
import { orders, stockReservations } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';

/** Who is checking out: open orders are counted per client address and, when signed in, per account. */
export interface CheckoutClient {
  ip: string;
  userId: number | null;
}

/** 0 means no limit. */
export interface OpenOrderQuota {
  orders: number;
  units: number;
}

const tooMany = (message: string) => new HttpError(429, message);

/**
 * One visitor cannot hold the catalogue: before a new order reserves anything, the client's unpaid,
 * unexpired orders are counted against the quota. The client's checkouts queue on an advisory lock
 * for the rest of the transaction, so two at once cannot both squeeze under the limit.
 */
export async function enforceOpenOrderQuota(tx: Transaction, client: CheckoutClient, quota: OpenOrderQuota, units: number): Promise<void> {
  if (!quota.orders && !quota.units) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${client.ip}`}))`);
  const [open] = await tx
    .select({ orders: countDistinct(orders.id), units: sum(stockReservations.quantity).mapWith(Number) })
    .from(orders)
    .leftJoin(stockReservations, and(eq(stockReservations.orderId, orders.id), eq(stockReservations.state, 'held')))
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        gt(orders.expiresAt, new Date()),
        client.userId === null ? eq(orders.clientIp, client.ip) : or(eq(orders.clientIp, client.ip), eq(orders.userId, client.userId)),
      ),
    );
  const openOrders = open?.orders ?? 0;
  const openUnits = open?.units ?? 0;
  if (quota.orders && openOrders >= quota.orders) {
    throw tooMany(
      `You already have ${openOrders} checkouts waiting for payment. Finish one, or wait up to ${RESERVATION_TTL_MINUTES} minutes for them to expire, then try again.`,
    );
  }
  if (quota.units && openUnits + units > quota.units) {
    throw tooMany(
      `Unpaid checkouts can hold at most ${quota.units} items at a time (yours hold ${openUnits}). Finish or wait for them to expire before reserving more.`,
    );
  }
}
