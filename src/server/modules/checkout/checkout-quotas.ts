import { sql } from 'drizzle-orm';
import { RESERVATION_TTL_MINUTES } from '#common/constants.ts';
import type { Transaction } from '#server/db/client.ts';
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

export const quotaApplies = (quota: OpenOrderQuota) => quota.orders > 0 || quota.units > 0;

/**
 * One visitor cannot hold the catalogue: a new order is counted against the client's unpaid,
 * unexpired orders (place-order.ts counts them in the statement that writes it). The client's
 * checkouts queue on this advisory lock for the rest of the transaction, so the count of the next
 * one starts after this one's order is committed and two at once cannot both squeeze under the limit.
 */
export async function queueClientCheckouts(tx: Transaction, client: CheckoutClient): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${client.ip}`}))`);
}

/** Why the client's open orders leave no room for one more of `units` units, or null. */
export function openOrderProblem(quota: OpenOrderQuota, open: OpenOrderQuota, units: number): HttpError | null {
  if (quota.orders && open.orders >= quota.orders) {
    return tooMany(
      `You already have ${open.orders} checkouts waiting for payment. Finish one, or wait up to ${RESERVATION_TTL_MINUTES} minutes for them to expire, then try again.`,
    );
  }
  if (quota.units && open.units + units > quota.units) {
    return tooMany(
      `Unpaid checkouts can hold at most ${quota.units} items at a time (yours hold ${open.units}). Finish or wait for them to expire before reserving more.`,
    );
  }
  return null;
}
