import { shipsNothingOrder } from '#common/emailed-orders.ts';
import { and, eq, exists, gte, ilike, inArray, isNotNull, lt, ne, not, or, type SQL } from 'drizzle-orm';
import { CARRIER_NAMES, trackingUrlFor, type Carrier } from '#common/carriers.ts';
import { isUnpaidCheckout, mayMoveFulfilment } from '#common/order-fulfilment.ts';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { OrderListQuery, ShipInput, TrackingInput } from '#common/schemas/admin-orders.ts';
import type { OrderStatus, OrderView } from '#common/schemas/orders.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { orderEvents, orderReturns, orders, UNPAID_OR_REFUNDED } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { offsetOf } from '#server/http/page-headers.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { sendOrderShippedEmail } from '#server/modules/mail/order-mail-service.ts';
import { recordOrderEvent } from './order-history.ts';
import { transitionOrder, type Actor, type PaymentStatus } from './order-lifecycle.ts';
import { deliverAllShipments, nothingToShipEmailed, retrackLatestShipment, shipEverythingLeft, shipsNothingColumns } from './order-shipments.ts';
import { countOrders, EXACT_COUNT_LIMIT, EXACT_SEARCH_COUNT_LIMIT } from './order-count.ts';
import { loadOrderView, loadOrderViews } from './order-view.ts';

interface Deps {
  db: Database;
  mail: MailService;
}

type OrderRow = typeof orders.$inferSelect;

const MAX_ORDER_ID = 2_147_483_647;

/** Orders whose id is the term (with or without "#"), or whose customer name or e-mail contains it, any case. */
function orderSearch(term: string): SQL {
  const pattern = likePattern(term);
  const byCustomer = or(ilike(orders.customerName, pattern), ilike(orders.customerEmail, pattern))!;
  const id = /^#?\d{1,10}$/.test(term) ? Number(term.replace('#', '')) : 0;
  return id > 0 && id <= MAX_ORDER_ID ? or(eq(orders.id, id), byCustomer)! : byCustomer;
}

/** Orders with a return waiting for the owner's next step (decision 027). */
const hasOpenReturn = (db: Database) =>
  exists(
    db
      .select({ id: orderReturns.id })
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, orders.id), inArray(orderReturns.state, ['requested', 'approved', 'received', 'refunding']))),
  );

/**
 * Checkouts that never became orders (decision 047): nobody paid them (open, declined, expired,
 * cancelled before payment), or money came after they closed and went straight back (refunded,
 * cancelled, a late payment's refund in its history). Written as "one of these payment states, and
 * not a refunded order unless a late-paid checkout" so that its first term is the predicate of the
 * partial index `orders_unpaid_checkout_idx` (migration 0050, decision 076): a grown shop's unpaid list and its
 * count walk that index alone (its ~130,000 entries of 1,000,000 orders) instead of every order.
 */
const unpaidCheckout = (db: Database) =>
  and(
    inArray(orders.paymentStatus, UNPAID_OR_REFUNDED),
    or(
      ne(orders.paymentStatus, 'refunded'),
      and(
        eq(orders.status, 'cancelled'),
        // a set read once per statement (its partial index holds only these events), not a probe per refunded order
        inArray(orders.id, db.select({ orderId: orderEvents.orderId }).from(orderEvents).where(eq(orderEvents.event, 'refund_late_payment'))),
      ),
    ),
  )!;

/**
 * One page of the admin's active or archived orders, newest first, each with its items, and how
 * many match in all (past 10,000, or 1,000 for a search, an estimate: order-count.ts). A date range narrows
 * the same (is_archived, created_at) index walk. The page walks the (is_archived, created_at) index and reads
 * only its own orders and their items.
 */
export async function listAdminOrders(db: Database, archived: boolean, query: OrderListQuery): Promise<Page<OrderView>> {
  const where = and(
    eq(orders.isArchived, archived),
    query.status === undefined ? undefined : eq(orders.status, query.status),
    query.q === undefined ? undefined : orderSearch(query.q),
    query.disputed === undefined ? undefined : isNotNull(orders.disputeStatus),
    query.returns === undefined ? undefined : hasOpenReturn(db),
    query.kind === undefined ? undefined : query.kind === 'unpaid' ? unpaidCheckout(db) : not(unpaidCheckout(db)),
    query.from === undefined ? undefined : gte(orders.createdAt, query.from),
    query.to === undefined ? undefined : lt(orders.createdAt, query.to),
  );
  const [items, counted] = await Promise.all([
    loadOrderViews(db, { where, limit: query.pageSize, offset: offsetOf(query) }),
    countOrders(db, where, query.q === undefined ? EXACT_COUNT_LIMIT : EXACT_SEARCH_COUNT_LIMIT),
  ]);
  return { items, ...counted };
}

/**
 * Locks the order row, applies `change`, and answers the row before and after. The lock makes
 * "did it just become shipped?" exact when two admins save at once, so one e-mail goes out.
 */
async function changeOrder(
  db: Database,
  id: number,
  change: (before: OrderRow) => Partial<OrderRow>,
  andThen?: (tx: Transaction, before: OrderRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
    if (!before) throw notFound('Order not found');
    const [after] = await tx
      .update(orders)
      .set({ ...change(before), updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await andThen?.(tx, before);
    return { before, after: after! };
  });
}

async function viewOf(db: Database, id: number): Promise<OrderView> {
  const view = await loadOrderView(db, id);
  if (!view) throw notFound('Order not found');
  return view;
}

/**
 * The customer hears about shipping once there is something to track. Written in the change's own
 * transaction: the e-mail exists exactly when the change does, and a failure to write it undoes the
 * change (the owner sees the error and presses again).
 */
async function notifyShipped(deps: Deps, tx: Transaction, id: number): Promise<void> {
  const view = await loadOrderView(tx, id);
  if (view?.status === 'shipped' && view.trackingNumber) await sendOrderShippedEmail(deps.mail, tx, view);
}

/**
 * The owner moves a paid order through fulfilment (pending, processing, shipped, delivered: "pending" on
 * a paid order means on hold), never past shipping: delivered only after shipped. Unpaid and cancelled
 * orders cannot be moved: money was not taken, or has gone back. Cancelling is its own workflow
 * (payments/cancel-order.ts). Becoming shipped with a tracking number e-mails the customer.
 */
export async function setFulfilmentStatus(deps: Deps, id: number, status: Exclude<OrderStatus, 'cancelled'>, actor: Actor): Promise<OrderView> {
  const [before] = await deps.db
    .select({ ...shipsNothingColumns, number: orders.orderNumber, status: orders.status, paymentStatus: orders.paymentStatus, kind: orders.shippingMethodKind })
    .from(orders)
    .where(eq(orders.id, id));
  if (!before) throw notFound('Order not found');
  if (before.status === status) return viewOf(deps.db, id);
  if ((status === 'shipped' || status === 'delivered') && shipsNothingOrder(before)) throw conflict(nothingToShipEmailed(before.number));
  // a pickup order marked shipped by the selector is ready at the shop: its parcel is a pickup, never a carrier's
  const parcel = before.kind === 'pickup' ? { ...noTracking, method: 'pickup' as const } : noTracking;
  const moved = await deps.db.transaction(async (tx) => {
    const step = await transitionOrder(tx, id, `mark_${status}`, { actor });
    // the selector ships everything left, and delivers every parcel, as the order page's actions would
    if (step && status === 'shipped') await shipEverythingLeft(tx, { id, orderNumber: before.number }, parcel, actor);
    if (step && status === 'delivered') await deliverAllShipments(tx, id);
    if (step && step.fromStatus !== 'shipped') await notifyShipped(deps, tx, id);
    return step;
  });
  if (!moved) throw conflict(refusal(before.number, before.status, before.paymentStatus, status));
  return viewOf(deps.db, id);
}

const noTracking = { method: 'carrier', carrier: null, trackingNumber: null, trackingUrl: null } as const;

interface Tracking {
  /** the ship call names it; a tracking correction keeps the order's */
  carrier?: Carrier;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** What the timeline says of a tracking number: "USPS 9400…" (and its link when the owner gave one). */
function trackingNote(tracking: Tracking): string {
  const carrier = tracking.carrier && tracking.carrier !== 'other' ? `${CARRIER_NAMES[tracking.carrier]} ` : '';
  return `Tracking ${carrier}${tracking.trackingNumber}${tracking.trackingUrl ? ` (${tracking.trackingUrl})` : ''}`;
}

/**
 * Saves an order's tracking under its row lock, and ships the order when it is in one of `shipFrom`:
 * the mark_shipped step (with the tracking in the timeline) and the shipped e-mail, in one
 * transaction. The customer is e-mailed once per new tracking number however often it is saved; a
 * changed number on a shipped order is a timeline entry of its own. A checkout nobody paid, or a
 * cancelled order, has nothing to ship (409); a local pickup order is collected, never tracked (409).
 */
async function saveTracking(deps: Deps, id: number, tracking: Tracking, actor: Actor, shipFrom: readonly OrderStatus[]): Promise<OrderView> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        number: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        trackingNumber: orders.trackingNumber,
        trackingUrl: orders.trackingUrl,
        kind: orders.shippingMethodKind,
        ...shipsNothingColumns,
      })
      .from(orders)
      .where(eq(orders.id, id))
      .for('update');
    if (!before) throw notFound('Order not found');
    if (isUnpaidCheckout(before) || before.status === 'cancelled') throw conflict(nothingToShip(before.number, before.status, before.paymentStatus));
    if (shipsNothingOrder(before)) throw conflict(nothingToShipEmailed(before.number));
    if (before.kind === 'pickup') throw conflict(`Order #${before.number} is collected at the shop: it has no carrier or tracking.`);
    const note = trackingNote(tracking);
    const ships = before.status !== 'shipped' && shipFrom.includes(before.status);
    if (ships && !(await transitionOrder(tx, id, 'mark_shipped', { actor, note }))) {
      throw conflict(refusal(before.number, before.status, before.paymentStatus, 'shipped'));
    }
    const changed = before.trackingNumber !== tracking.trackingNumber || before.trackingUrl !== tracking.trackingUrl;
    await tx
      .update(orders)
      .set({
        ...(tracking.carrier ? { carrier: tracking.carrier } : {}),
        trackingNumber: tracking.trackingNumber,
        trackingUrl: tracking.trackingUrl,
        trackingAddedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id));
    const parcel = { trackingNumber: tracking.trackingNumber, trackingUrl: tracking.trackingUrl };
    if (ships) await shipEverythingLeft(tx, { id, orderNumber: before.number }, { method: 'carrier', carrier: tracking.carrier ?? null, ...parcel }, actor);
    else if (changed) await retrackLatestShipment(tx, id, { ...(tracking.carrier ? { carrier: tracking.carrier } : {}), ...parcel });
    if (!ships && changed) await recordOrderEvent(tx, id, 'tracking_updated', { actor, note });
    if (ships || changed) await notifyShipped(deps, tx, id);
  });
  return viewOf(deps.db, id);
}

/**
 * The parcel left: one call records carrier and tracking (the carrier's tracking page when none is
 * given) and marks the order shipped from any fulfilment status.
 */
export async function shipOrder(deps: Deps, id: number, input: ShipInput, actor: Actor): Promise<OrderView> {
  const trackingUrl = input.trackingUrl ?? trackingUrlFor(input.carrier, input.trackingNumber);
  return saveTracking(deps, id, { carrier: input.carrier, trackingNumber: input.trackingNumber, trackingUrl }, actor, ['pending', 'processing', 'delivered']);
}

/**
 * Saves tracking (trackingAddedAt = now). An order being processed is shipped by it: a tracking
 * number means the parcel left. One on hold or delivered keeps its status (the owner chose it);
 * a shipped order's customer gets the new tracking by e-mail.
 */
export async function setOrderTracking(deps: Deps, id: number, tracking: TrackingInput, actor: Actor): Promise<OrderView> {
  return saveTracking(deps, id, { trackingNumber: tracking.trackingNumber, trackingUrl: tracking.trackingUrl ?? null }, actor, ['processing']);
}

/** Said to the owner by the order's public number, the one the customer quotes. */
function refusal(number: string, status: OrderStatus, paymentStatus: PaymentStatus, wanted: OrderStatus): string {
  if (status === 'cancelled') return `Order #${number} is cancelled and cannot be reopened.`;
  if (paymentStatus === 'pending') return `Order #${number} has not been paid yet, so it cannot be marked ${wanted}. It can only be cancelled.`;
  if (wanted !== 'cancelled' && !mayMoveFulfilment(status, wanted))
    return `Order #${number} has not shipped yet, so it cannot be marked ${wanted}. Mark it shipped first.`;
  return `Order #${number} cannot be marked ${wanted} now (it changed meanwhile). Reload to see it.`;
}

function nothingToShip(number: string, status: OrderStatus, paymentStatus: PaymentStatus): string {
  if (paymentStatus === 'pending') return `Order #${number} has not been paid yet, so it cannot be shipped.`;
  if (isUnpaidCheckout({ paymentStatus })) return `Order #${number} is a checkout that was never paid, so it has nothing to ship.`;
  return `Order #${number} is ${status}, so it has nothing to ship.`;
}

export async function setOrderArchived(db: Database, id: number, isArchived: boolean): Promise<OrderView> {
  await changeOrder(db, id, () => ({ isArchived }));
  return viewOf(db, id);
}
