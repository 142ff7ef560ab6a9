import { sql } from 'drizzle-orm';
import { RESERVATION_TTL_MINUTES } from '#common/constants.ts';
import type { Transaction } from '#server/db/client.ts';
import { type DomainError, quotaExceeded } from '#server/errors/domain-errors.ts';
import { quotaKeysOf } from './client-network.ts';

/** Who is checking out: open orders are counted per client address (quotaKeysOf) and, when signed in, per account. */
export interface CheckoutClient {
  ip: string;
  userId: number | null;
}

/** 0 means no limit. */
export interface OpenOrderQuota {
  orders: number;
  units: number;
  /** units all open orders from one IPv4 /24 or IPv6 /48 may hold */
  networkUnits: number;
}

/** What the client's open orders hold now: theirs (address or account), and their network's. */
interface OpenOrders {
  orders: number;
  units: number;
  networkUnits: number;
}

export const quotaApplies = (quota: OpenOrderQuota) => quota.orders > 0 || quota.units > 0 || quota.networkUnits > 0;

/**
 * One visitor cannot hold the catalogue: a new order is counted against the client's unpaid,
 * unexpired orders and its network's (place-order.ts counts them in the statement that writes it).
 * The checkouts of one network (of one address, if it is no IP) queue on this advisory lock for the
 * rest of the transaction, so the count of the next one starts after this one's order is committed
 * and two at once cannot both squeeze under a limit.
 */
export async function queueClientCheckouts(tx: Transaction, client: CheckoutClient): Promise<void> {
  const keys = quotaKeysOf(client.ip);
  const key = keys.networkPrefix === null ? `checkout:${keys.address}` : `checkout-network:${keys.networkPrefix}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Why the client's open orders leave no room for one more of `units` units, or null. */
export function openOrderProblem(quota: OpenOrderQuota, open: OpenOrders, units: number): DomainError | null {
  if (quota.orders && open.orders >= quota.orders) {
    return quotaExceeded(
      `You already have ${open.orders} checkouts waiting for payment. Finish one, or wait up to ${RESERVATION_TTL_MINUTES} minutes for them to expire, then try again.`,
    );
  }
  if (quota.units && open.units + units > quota.units) {
    return quotaExceeded(
      `Unpaid checkouts can hold at most ${quota.units} items at a time (yours hold ${open.units}). Finish or wait for them to expire before reserving more.`,
    );
  }
  if (quota.networkUnits && open.networkUnits + units > quota.networkUnits) {
    return quotaExceeded(
      `Unpaid checkouts from your network hold ${open.networkUnits} items, and together they can hold at most ${quota.networkUnits}. Please try again once some are paid or expire (within ${RESERVATION_TTL_MINUTES} minutes).`,
    );
  }
  return null;
}
