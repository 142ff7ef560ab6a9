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
 * Where a payment with a quota (the production default) waits its turn, in one statement before the one that
 * writes the order (place-order.ts), so that statement's snapshot is taken after the wait. Locks held to the end
 * of the transaction:
 *
 * - The client's network (its address, if it is no IP) first. One visitor cannot hold the
 *   catalogue: a new order is counted against the client's unpaid, unexpired orders and its network's, and
 *   the count of the next one starts after this one's order is committed, so two at once cannot both
 *   squeeze under a limit.
 * - Then each product bought, in id order. Payments for one product already take turns inside a process;
 *   on two instances they met on its row inside the order statement, whose snapshot then predated the
 *   other's commit. Its updates of the product and variant rows found them changed since, and PostgreSQL
 *   rechecked each (EvalPlanQual) by starting the statement's whole plan again, its twenty parts: 5-7 ms
 *   of the database's CPU per row, and two instances sold one product at a third of one instance's rate.
 *   Waiting here, the statement sees the other's order and rechecks nothing.
 *
 * Every caller takes the network lock before any product lock and the products in id order: no cycle.
 */
export async function queueCheckout(tx: Transaction, client: CheckoutClient, productIds: readonly number[]): Promise<void> {
  const keys = quotaKeysOf(client.ip);
  const network = keys.networkPrefix === null ? `checkout:${keys.address}` : `checkout-network:${keys.networkPrefix}`;
  const products = [...new Set(productIds)].sort((a, b) => a - b);
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtext(${network}))
    union all
    select pg_advisory_xact_lock(hashtext('checkout-product'), id) from unnest(${sql.param(products)}::int[]) as turn (id)
  `);
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
