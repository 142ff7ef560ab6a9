import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders, type orderStatuses, type paymentStatuses } from '#server/db/schema.ts';

type OrderStatus = (typeof orderStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];

interface Step {
  from: { payment: readonly PaymentStatus[]; status: readonly OrderStatus[] };
  /** null: the order keeps that status */
  to: { payment: PaymentStatus | null; status: OrderStatus | null };
}

const OPEN = { payment: ['pending'], status: ['pending'] } as const;
const FULFILMENT = ['pending', 'processing', 'shipped', 'delivered'] as const;
// a paid order stays paid for fulfilment after part of it was refunded
/** Payment states that still hold the customer's money (some or all of it can be refunded). */
export const PAID = ['succeeded', 'partially_refunded'] as const;

/**
 * The order lifecycle, written down once (docs/order-lifecycle.md draws it). Every change of an
 * order's status or payment status is one of these steps, taken by a conditional update that names
 * the states it may leave, so no path pays an expired, cancelled or declined order and each step's
 * effects (stock, coupon use, refund, e-mail) happen once: only the caller whose update matched
 * goes on to apply them.
 */
export const LIFECYCLE = {
  /** the provider took the money while the order still held its stock */
  pay: { from: OPEN, to: { payment: 'succeeded', status: 'processing' } },
  /** the card was declined: the order closes and gives everything back; paying again is a new checkout */
  decline: { from: OPEN, to: { payment: 'failed', status: 'cancelled' } },
  /** nobody paid within the reservation time */
  expire: { from: OPEN, to: { payment: 'expired', status: 'cancelled' } },
  /** replaced by a newer checkout of the same cart, refused by the provider, or cancelled by the owner before payment */
  cancel_unpaid: { from: OPEN, to: { payment: 'cancelled', status: 'cancelled' } },
  /** money arrived for an order that had already closed (its stock may be sold): it goes straight back */
  refund_late_payment: { from: { payment: ['failed', 'expired', 'cancelled'], status: ['cancelled'] }, to: { payment: 'refunded', status: null } },
  /** the owner cancels a paid order before it ships: refunded and restocked */
  cancel_paid: { from: { payment: PAID, status: ['pending', 'processing'] }, to: { payment: 'refunded', status: 'cancelled' } },
  // the owner moves a paid order through fulfilment; "pending" on a paid order means on hold.
  // payment null: the order keeps its payment status (paid, or partly refunded)
  mark_pending: { from: { payment: PAID, status: FULFILMENT }, to: { payment: null, status: 'pending' } },
  mark_processing: { from: { payment: PAID, status: FULFILMENT }, to: { payment: null, status: 'processing' } },
  mark_shipped: { from: { payment: PAID, status: FULFILMENT }, to: { payment: null, status: 'shipped' } },
  // a parcel is delivered only after it shipped: no processing -> delivered (src/common/order-fulfilment.ts)
  mark_delivered: { from: { payment: PAID, status: ['shipped'] }, to: { payment: null, status: 'delivered' } },
  /** part of a paid order's money went back (the owner's refund, or one made in the Stripe dashboard) */
  refund_partial: { from: { payment: PAID, status: [...FULFILMENT, 'cancelled'] }, to: { payment: 'partially_refunded', status: null } },
  /** the last of it went back; the order keeps its fulfilment status */
  refund_full: { from: { payment: PAID, status: [...FULFILMENT, 'cancelled'] }, to: { payment: 'refunded', status: null } },
} as const satisfies Record<string, Step>;

export type LifecycleStep = keyof typeof LIFECYCLE;

/**
 * The key of the refund a cancel_paid step makes of what was left to refund: one per order, so two
 * cancels at once find the same claim. The step itself shows the customer that refund.
 */
export const cancelRefundKey = (orderId: number) => `cancel-order-${orderId}`;

/** "system", "customer", "provider" (the payment provider, e.g. a Stripe dashboard refund) or "admin:<user id>": who took a step. */
export type Actor = 'system' | 'customer' | 'provider' | `admin:${number}`;

interface Transitioned {
  orderId: number;
  fromStatus: OrderStatus;
  fromPaymentStatus: PaymentStatus;
  toStatus: OrderStatus;
  toPaymentStatus: PaymentStatus;
}

interface TransitionRow {
  order_id: number;
  from_status: OrderStatus;
  from_payment_status: PaymentStatus;
  to_status: OrderStatus;
  to_payment_status: PaymentStatus;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Takes one lifecycle step, in one statement: locks the order, changes it only when it is in a
 * state the step may leave, and records the step in order_events. Answers null (and changes
 * nothing) when the order is not in such a state, e.g. a second report of the same payment.
 */
export async function transitionOrder(
  tx: Database | Transaction,
  orderId: number,
  step: LifecycleStep,
  options: { actor: Actor; note?: string | null; card?: { brand: string; last4: string } },
): Promise<Transitioned | null> {
  const { from, to } = LIFECYCLE[step] as Step;
  const result = (await tx.execute(sql`
    with old as (
      select id, status, payment_status from orders where id = ${orderId} for update
    ), changed as (
      update orders o
      set status = ${to.status ?? sql`o.status`},
          payment_status = ${to.payment ?? sql`o.payment_status`},
          -- a step that refunds the order gives back everything captured, whatever came before
          refunded_total = ${to.payment === 'refunded' ? sql`o.total` : sql`o.refunded_total`},
          card_brand = coalesce(${options.card?.brand ?? null}, o.card_brand),
          card_last4 = coalesce(${options.card?.last4 ?? null}, o.card_last4),
          -- the return window counts from the first delivery (decision 027)
          delivered_at = ${to.status === 'delivered' ? sql`coalesce(o.delivered_at, now())` : sql`o.delivered_at`},
          updated_at = now()
      from old
      where o.id = old.id and old.payment_status in (${list(from.payment)}) and old.status in (${list(from.status)})
      returning o.id, old.status as from_status, old.payment_status as from_payment_status, o.status as to_status, o.payment_status as to_payment_status
    )
    insert into order_events (order_id, event, from_status, to_status, from_payment_status, to_payment_status, actor, note)
    select id, ${step}, from_status, to_status, from_payment_status, to_payment_status, ${options.actor}, ${options.note ?? null} from changed
    returning order_id, from_status, from_payment_status, to_status, to_payment_status
  `)) as unknown as { rows: TransitionRow[] };
  const row = result.rows[0];
  if (!row) return null;
  return {
    orderId: row.order_id,
    fromStatus: row.from_status,
    fromPaymentStatus: row.from_payment_status,
    toStatus: row.to_status,
    toPaymentStatus: row.to_payment_status,
  };
}

/** Unpaid orders past their deadline, oldest first. */
export async function findExpiredOrders(db: Database, now = new Date(), limit = 200): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'pending'), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
