import { asc, eq, inArray } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { PlacedOrderView } from '#common/schemas/placed-order.ts';
import { BUILT_IN_STANDARD, standardDeliveryEstimate } from '#common/shipping-estimate.ts';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders, productImages, products, productVariants } from '#server/db/schema.ts';
import { giftCardTenders } from '#server/modules/gift-cards/gift-card-credit-service.ts';
import type { OrderLinks } from './order-link-service.ts';
import { PAID } from './order-lifecycle.ts';
import { loadOrderViews } from './order-view.ts';

/** Who is asking: the signed-in user, and the order this browser holds a claim for (decision 040). */
interface Caller {
  userId: number | null;
  claimedOrderId: number | null;
}

/**
 * The confirmation page's order: the order view, each line's picture (the variant's, else the product's),
 * its shipping method and delivery estimate, and the way on that this caller may take.
 */
export async function loadPlacedOrderView(db: Database, links: OrderLinks, paymentIntentId: string, caller: Caller): Promise<PlacedOrderView | null> {
  const [order] = await loadOrderViews(db, { where: eq(orders.providerPaymentId, paymentIntentId), limit: 1 });
  if (!order) return null;
  const [owner] = await db
    .select({ userId: orders.userId, method: orders.shippingMethodName, from: orders.shippingArrivesFrom, by: orders.shippingArrivesBy })
    .from(orders)
    .where(eq(orders.id, order.id));
  const itemIds = order.items.map((item) => item.id);
  const pictures =
    itemIds.length === 0
      ? []
      : await db
          .select({ id: orderItems.id, variantImage: productImages.url, productImage: products.imageUrl })
          .from(orderItems)
          .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
          .leftJoin(productImages, eq(productImages.id, productVariants.imageId))
          .leftJoin(products, eq(products.id, orderItems.productId))
          .where(inArray(orderItems.id, itemIds))
          .orderBy(asc(orderItems.id));
  const pictureOf = new Map(pictures.map((row) => [row.id, row.variantImage ?? row.productImage ?? null]));

  const ownerId = owner?.userId ?? null;
  const isOwner = caller.userId !== null && ownerId === caller.userId;
  const placedHere = ownerId === null && caller.claimedOrderId === order.id;
  const paid = (PAID as readonly string[]).includes(order.paymentStatus);
  return {
    ...order,
    items: order.items.map((item) => ({ ...item, imageUrl: pictureOf.get(item.id) ?? null })),
    // the method and estimate promised at checkout; an order from before methods went by the built-in one (decision 049)
    shipping:
      owner?.method && owner.from && owner.by
        ? { method: owner.method, estimate: { earliest: owner.from, latest: owner.by } }
        : { method: BUILT_IN_STANDARD.name, estimate: standardDeliveryEstimate(new Date(order.createdAt)) },
    orderLink: isOwner ? `/orders/${order.orderNumber}` : placedHere ? links.path(order.orderNumber).path : null,
    accountOffer: placedHere && paid && caller.userId === null,
    paidBy: await paidBy(db, order.id, order.total),
  };
}

/** Each gift card's part of the total and the card payment's, worked out here so the page adds nothing up. */
async function paidBy(db: Database, orderId: number, total: string): Promise<PlacedOrderView['paidBy']> {
  const cards = await giftCardTenders(db, orderId, []);
  if (cards.length === 0) return null;
  const cardsCents = cards.reduce((sum, card) => sum + card.paidCents, 0);
  return {
    giftCards: cards.map((card) => ({ last4: card.last4, amount: centsToDecimal(card.paidCents) })),
    card: centsToDecimal(Math.max(0, toCents(total) - cardsCents)),
  };
}
