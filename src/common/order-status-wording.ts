import type { OrderStatus } from './schemas/orders.ts';

/**
 * What a shopper reads for each order status, everywhere the shop shows it to them (profile, order page,
 * its timeline): one word per status, so the same order never reads "Processing" in one place and
 * "Being prepared" in another. The admin's status menu keeps the owner's own words (Pending, Processing…).
 */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending: 'On hold',
  processing: 'Being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** How loud the status reads: the client turns it into its badge's colour. */
type OrderStatusTone = 'default' | 'secondary' | 'destructive' | 'warning' | 'success';

const TONES: Record<OrderStatus, OrderStatusTone> = {
  pending: 'warning',
  processing: 'default',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
};

/** The one word a shopper needs: unpaid orders read by their payment, paid ones by their parcel. */
export function orderStatusWording(order: { status: OrderStatus; paymentStatus: string }): { text: string; tone: OrderStatusTone } {
  if (order.paymentStatus === 'pending') return { text: 'Awaiting payment', tone: 'warning' };
  if (order.paymentStatus === 'refunded') return { text: order.status === 'cancelled' ? 'Cancelled and refunded' : 'Refunded', tone: 'destructive' };
  if (order.paymentStatus === 'partially_refunded' && order.status !== 'cancelled') {
    const shipped = order.status === 'shipped' || order.status === 'delivered';
    return { text: shipped ? `${ORDER_STATUS_WORDS[order.status]}, partly refunded` : 'Partly refunded', tone: 'warning' };
  }
  return { text: ORDER_STATUS_WORDS[order.status] ?? order.status, tone: TONES[order.status] ?? 'secondary' };
}
