import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import { OPEN_HOLDS_SHOWN, type OpenHolds, type ReleasedHold } from '#common/schemas/open-holds.ts';
import { orderItems, orders, stockReservations } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import type { Actor } from '#server/modules/orders/order-service.ts';
import { closeOrderPayment, type PaymentContext } from '#server/modules/payments/payment-service.ts';
import { networkOfKey } from './client-network.ts';

// What unpaid orders hold right now, for the owner who suspects a visitor of hoarding stock
// (decision 014), and the owner's release of one: the unpaid order closed as a replaced cart is.

/** Every unpaid order holding stock, with its units; newest first. */
function heldOrders(ctx: PaymentContext) {
  return ctx.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
      clientIp: orders.clientIp,
      total: orders.total,
      createdAt: orders.createdAt,
      expiresAt: orders.expiresAt,
      units: sql<number>`sum(${stockReservations.quantity})::int`,
    })
    .from(orders)
    .innerJoin(stockReservations, and(eq(stockReservations.orderId, orders.id), eq(stockReservations.state, 'held')))
    .where(eq(orders.paymentStatus, 'pending'))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** GET /api/admin/open-holds: the newest holds with their carts, and each one's network's total. */
export async function listOpenHolds(ctx: PaymentContext): Promise<OpenHolds> {
  const all = await heldOrders(ctx);
  const networkOf = (clientIp: string | null) => (clientIp === null ? null : networkOfKey(clientIp));
  const byNetwork = new Map<string, number>();
  for (const order of all) {
    const network = networkOf(order.clientIp);
    if (network) byNetwork.set(network, (byNetwork.get(network) ?? 0) + order.units);
  }
  const shown = all.slice(0, OPEN_HOLDS_SHOWN);
  const lines = shown.length
    ? await ctx.db
        .select({
          orderId: orderItems.orderId,
          productName: orderItems.productName,
          variantName: orderItems.variantName,
          sku: orderItems.sku,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            shown.map((order) => order.id),
          ),
        )
        .orderBy(orderItems.id)
    : [];
  return {
    holds: shown.map((order) => {
      const network = networkOf(order.clientIp);
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: order.customerName,
        clientAddress: order.clientIp,
        clientNetwork: network,
        networkUnits: network ? byNetwork.get(network)! : order.units,
        units: order.units,
        total: toCents(order.total),
        createdAt: order.createdAt.toISOString(),
        expiresAt: order.expiresAt?.toISOString() ?? null,
        lines: lines.filter((line) => line.orderId === order.id).map(({ orderId: _orderId, ...line }) => line),
      };
    }),
    total: all.length,
    units: all.reduce((sum, order) => sum + order.units, 0),
  };
}

/**
 * POST /api/admin/open-holds/:id/release: closes the unpaid order through the payments workflow
 * (closeOrderPayment: the provider's payment cancelled first, so no card can pay it afterwards;
 * then its stock and coupon use given back, once). A payment that went through meanwhile is settled
 * as paid instead and the release refused.
 */
export async function releaseOpenHold(ctx: PaymentContext, orderId: number, actor: Actor): Promise<ReleasedHold> {
  const [order] = await ctx.db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const [held] = await ctx.db
    .select({ units: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.state, 'held')));
  const outcome = await closeOrderPayment(ctx, orderId, 'cancel_unpaid', { actor, note: 'Hold released by the shop' });
  if (outcome === 'closed') return { orderId, orderNumber: order.number, units: held?.units ?? 0 };
  if (outcome === 'paid') throw conflict(`Order #${order.number} was paid meanwhile: nothing was released.`);
  if (outcome === 'processing') throw conflict(`The payment of order #${order.number} is being processed: nothing was released. Try again in a minute.`);
  throw conflict(`Order #${order.number} holds nothing any more: it was paid or closed meanwhile.`);
}
