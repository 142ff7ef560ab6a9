import { and, asc, eq, ne } from 'drizzle-orm';
import { shipsNothingOrder } from '#common/emailed-orders.ts';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import type { Database } from '#server/db/client.ts';
import { orderEvents, orderItems, orders, productImages, products, productVariants, refunds } from '#server/db/schema.ts';
import { giftCardTenders } from '#server/modules/gift-cards/gift-card-credit-service.ts';
import type { ReturnRecord } from './order-history.ts';
import { cancelRefundKey, type LifecycleStep } from './order-lifecycle.ts';
import { loadShipments } from './order-shipments.ts';
import { decimal } from './order-view.ts';

type OrderRow = typeof orders.$inferSelect;
type TimelineEvent = CustomerOrderView['timeline'][number]['event'];

// What each lifecycle step means to the shopper. Who took it and the shop's note stay private:
// "replaced by a newer checkout" and "admin:3" are the shop's business.
const SHOWN: Record<LifecycleStep, TimelineEvent[]> = {
  pay: ['paid'],
  decline: ['payment_failed'],
  expire: ['payment_expired'],
  cancel_unpaid: ['cancelled'],
  refund_late_payment: ['refunded'],
  cancel_paid: ['cancelled', 'refunded'],
  mark_pending: ['on_hold'],
  mark_processing: ['processing'],
  mark_shipped: ['shipped'],
  mark_delivered: ['delivered'],
  // each refund shows once, with its amount, from the refunds table
  refund_partial: [],
  refund_full: [],
};

// A return's steps as the shopper sees them; the owner's notes and restock choices stay private.
const RETURN_SHOWN: Record<ReturnRecord, TimelineEvent[]> = {
  return_requested: ['return_requested'],
  return_approved: ['return_approved'],
  return_rejected: ['return_declined'],
  return_received: ['return_received'],
  // the money shows once, as the refund's own entry with its amount
  return_refunded: [],
  return_credited: ['store_credit'],
};
const shownSteps = (event: string): TimelineEvent[] => SHOWN[event as LifecycleStep] ?? RETURN_SHOWN[event as ReturnRecord] ?? [];

/** Cancelling is open to the customer while a paid order has not shipped (the lifecycle's cancel_paid). */
export function customerMayCancel(order: Pick<OrderRow, 'status' | 'paymentStatus'>): boolean {
  return (order.paymentStatus === 'succeeded' || order.paymentStatus === 'partially_refunded') && (order.status === 'pending' || order.status === 'processing');
}

function httpOnly(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

export async function findOrderByNumber(db: Database, orderNumber: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row ?? null;
}

/** The order as its customer sees it: lines with their pictures, totals, payment, tracking and history. */
export async function customerOrderView(db: Database, order: OrderRow): Promise<CustomerOrderView> {
  const [items, events, refunded, shipments, giftCardsPaid] = await Promise.all([
    db
      .select({
        item: orderItems,
        // the picture of the variant sold, else the product's
        variantImage: productImages.url,
        productImage: products.imageUrl,
        productSlug: products.slug,
        productDeleted: products.isDeleted,
      })
      .from(orderItems)
      .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
      .leftJoin(productImages, eq(productImages.id, productVariants.imageId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
    db
      .select({ event: orderEvents.event, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ amount: refunds.amount, at: refunds.createdAt })
      .from(refunds)
      // the refund a cancel made shows as its cancel_paid step's "refunded"
      .where(and(eq(refunds.orderId, order.id), eq(refunds.state, 'succeeded'), ne(refunds.idempotencyKey, cancelRefundKey(order.id))))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    loadShipments(db, order.id),
    giftCardTenders(db, order.id, []),
  ]);
  const giftCardsCents = giftCardsPaid.reduce((sum, card) => sum + card.paidCents, 0);
  const timeline: CustomerOrderView['timeline'] = [
    { event: 'placed' as const, at: order.createdAt.toISOString() },
    ...events.flatMap(({ event, at }) => shownSteps(event).map((shown) => ({ event: shown, at: at.toISOString() }))),
    ...refunded.map(({ amount, at }) => ({ event: 'refunded' as const, at: at.toISOString(), amount: decimal(amount) })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt.toISOString(),
    subtotal: decimal(order.subtotal),
    total: decimal(order.total),
    taxTotal: decimal(order.taxTotal),
    shippingTotal: decimal(order.shippingTotal),
    discountTotal: decimal(order.discountTotal),
    couponCode: order.couponCode,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    street: order.street,
    city: order.city,
    state: order.state,
    zipCode: order.zipCode,
    country: order.country,
    shipsNothing: shipsNothingOrder(order),
    refundedTotal: decimal(order.refundedTotal),
    payment: {
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      giftCards: giftCardsPaid.map((card) => ({ last4: card.last4, amount: centsToDecimal(card.paidCents) })),
      cardAmount: giftCardsPaid.length ? centsToDecimal(Math.max(0, toCents(order.total) - giftCardsCents)) : null,
    },
    shipping: {
      carrier: order.carrier as CustomerOrderView['shipping']['carrier'],
      trackingNumber: order.trackingNumber,
      trackingUrl: httpOnly(order.trackingUrl),
    },
    shipments,
    items: items.map(({ item, variantImage, productImage, productSlug, productDeleted }) => ({
      id: item.id,
      productId: item.productId,
      productSlug: productDeleted ? null : productSlug,
      productName: item.productName,
      variantName: item.variantName,
      sku: item.sku,
      quantity: item.quantity,
      price: decimal(item.price),
      imageUrl: variantImage ?? productImage ?? null,
      refundedQuantity: item.refundedQuantity,
    })),
    timeline,
    actions: { cancel: customerMayCancel(order) },
  };
}
