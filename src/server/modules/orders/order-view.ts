import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { shipsNothingOrder } from '#common/emailed-orders.ts';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { offsetOf } from '#server/http/page-headers.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

// numeric(10,2) arrives as text; normalise so "5" and "5.00" leave the API the same way
export const decimal = (value: string | null) => centsToDecimal(Number.isNaN(toCents(value)) ? 0 : toCents(value));
const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toOrderView(order: OrderRow, items: OrderItemRow[]): OrderView {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt.toISOString(),
    subtotal: decimal(order.subtotal),
    total: decimal(order.total),
    taxTotal: decimal(order.taxTotal),
    shippingTotal: decimal(order.shippingTotal),
    shippingTax: decimal(order.shippingTax),
    discountTotal: decimal(order.discountTotal),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    phone: order.phone,
    street: order.street,
    city: order.city,
    state: order.state,
    zipCode: order.zipCode,
    country: order.country,
    shipsNothing: shipsNothingOrder(order),
    couponCode: order.couponCode,
    carrier: order.carrier as OrderView['carrier'],
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    trackingAddedAt: iso(order.trackingAddedAt),
    isArchived: order.isArchived,
    refundedTotal: decimal(order.refundedTotal),
    disputeStatus: order.disputeStatus,
    // the API keeps the field's original name for every provider's payment id
    stripePaymentIntentId: order.providerPaymentId,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      variantId: item.variantId,
      sku: item.sku,
      variantName: item.variantName,
      quantity: item.quantity,
      price: decimal(item.price),
      discountAllocated: decimal(item.discountAllocated),
      taxAllocated: decimal(item.taxAllocated),
      refundedQuantity: item.refundedQuantity,
    })),
  };
}

/**
 * Orders matching `where` with their items (two queries, not one per order), newest first.
 * The admin lists call it with `eq(orders.isArchived, false)` and the like.
 */
export async function loadOrderViews(db: Database, options: { where?: SQL; limit?: number; offset?: number } = {}): Promise<OrderView[]> {
  const base = db.select().from(orders).where(options.where).orderBy(desc(orders.createdAt), desc(orders.id));
  const limited = options.limit ? base.limit(options.limit) : base;
  const rows = options.offset ? await limited.offset(options.offset) : await limited;
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((row) => toOrderView(row, byOrder.get(row.id) ?? []));
}

/** One page of a customer's orders, newest first, and how many they have. */
export async function listCustomerOrders(db: Database, userId: number, at: { page: number; pageSize: number }): Promise<Page<OrderView>> {
  const where = eq(orders.userId, userId);
  const [items, total] = await Promise.all([loadOrderViews(db, { where, limit: at.pageSize, offset: offsetOf(at) }), db.$count(orders, where)]);
  return { items, total };
}

export async function loadOrderView(db: Database, orderId: number): Promise<OrderView | null> {
  const [view] = await loadOrderViews(db, { where: eq(orders.id, orderId), limit: 1 });
  return view ?? null;
}
