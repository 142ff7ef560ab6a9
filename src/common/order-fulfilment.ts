import type { OrderStatus } from './schemas/orders.ts';

/** Payment states of a checkout nobody paid: still open, or closed by a decline, expiry or cancel. */
const UNPAID_PAYMENTS: readonly string[] = ['pending', 'failed', 'expired', 'cancelled'];
/** Payment states that still hold the customer's money: the only ones an order moves through fulfilment in. */
const PAID_PAYMENTS: readonly string[] = ['succeeded', 'partially_refunded'];

interface OrderState {
  status: OrderStatus;
  paymentStatus: string;
}

/**
 * A checkout that never became an order: nobody paid it (it may still be open). One paid late and
 * refunded at once is one too, but only its history tells it from a cancelled order; the server's
 * list filter reads that history, and either way it offers nothing to fulfil.
 */
export const isUnpaidCheckout = (order: Pick<OrderState, 'paymentStatus'>): boolean => UNPAID_PAYMENTS.includes(order.paymentStatus);

/** Whether the owner can ship, track or move the order along: a paid order that was not cancelled. */
export const offersFulfilment = (order: OrderState): boolean => order.status !== 'cancelled' && !isUnpaidCheckout(order);

/**
 * The fulfilment moves of a paid order, from each status: on hold and processing may go either way
 * or ship; a parcel is delivered only after it shipped (never processing -> delivered); a shipped or
 * delivered order may go back a step to correct a mistake. The server's lifecycle (mark_* steps)
 * allows exactly these, a test holds the two together.
 */
const FULFILMENT_MOVES: Record<Exclude<OrderStatus, 'cancelled'>, readonly OrderStatus[]> = {
  pending: ['processing', 'shipped'],
  processing: ['pending', 'shipped'],
  shipped: ['pending', 'processing', 'delivered'],
  delivered: ['pending', 'processing', 'shipped'],
};

/** Whether a paid order in `from` may be marked `to` (the server refuses the rest with a 409). */
export const mayMoveFulfilment = (from: OrderStatus, to: Exclude<OrderStatus, 'cancelled'>): boolean =>
  from !== 'cancelled' && FULFILMENT_MOVES[from].includes(to);

/**
 * The statuses the owner's selector offers for an order, its own first: the fulfilment moves of a
 * paid order, and cancelling while it has not shipped (a refund for a paid order, closing an open
 * checkout). A closed or refunded order offers only its own status.
 */
export function nextOrderStatuses(order: OrderState): OrderStatus[] {
  const next: OrderStatus[] = [order.status];
  if (order.status === 'cancelled') return next;
  if (PAID_PAYMENTS.includes(order.paymentStatus)) next.push(...FULFILMENT_MOVES[order.status]);
  const cancellable =
    order.paymentStatus === 'pending' || (PAID_PAYMENTS.includes(order.paymentStatus) && (order.status === 'pending' || order.status === 'processing'));
  if (cancellable) next.push('cancelled');
  return next;
}
