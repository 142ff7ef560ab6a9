import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import { conflict } from '#server/http/errors.ts';
import { commitReservations, releaseReservations, shortOfStockMessage, type Shortfall } from '#server/modules/checkout/reservations.ts';
import { sendOrderPlacedEmails } from '#server/modules/mail/order-mail-service.ts';
import { loadOrderView } from '#server/modules/orders/order-view.ts';
import type { PaymentContext } from './payment-context.ts';

// DESIGN.md §6: the one way a payment becomes final, whichever provider reported it
// (Stripe's webhook, the status check, or the simulator's confirm). Each is a conditional
// update, so a redelivered or racing report changes nothing the second time.

export interface CompleteOptions {
  orderId: number;
  card?: { brand: string; last4: string };
  /** the simulator refuses to "charge" when stock given back in the meantime is gone */
  requireStock?: boolean;
}

/** Order paid (processing), reservations committed, coupon use kept, e-mails sent: once. */
export async function completePayment(ctx: PaymentContext, options: CompleteOptions): Promise<{ changed: boolean; shortfalls: Shortfall[] }> {
  const result = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        paymentStatus: 'succeeded',
        status: sql`case when ${orders.status} in ('pending', 'cancelled') then 'processing' else ${orders.status} end`,
        ...(options.card && { cardBrand: options.card.brand, cardLast4: options.card.last4 }),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, options.orderId), ne(orders.paymentStatus, 'succeeded')))
      .returning({ id: orders.id });
    if (!order) return { changed: false, shortfalls: [] };
    const shortfalls = await commitReservations(tx, options.orderId);
    const first = shortfalls[0];
    if (options.requireStock && first) throw conflict(shortOfStockMessage(first.name, first.left));
    return { changed: true, shortfalls };
  });
  if (result.shortfalls.length > 0) {
    // paid after its reservation had been given back and sold on: the owner must refund or restock
    ctx.log?.error({ orderId: options.orderId, shortfalls: result.shortfalls }, 'paid order could not get all its stock back');
  }
  if (result.changed) await sendPlacedEmails(ctx, options.orderId);
  return result;
}

async function sendPlacedEmails(ctx: PaymentContext, orderId: number): Promise<void> {
  try {
    const view = await loadOrderView(ctx.db, orderId);
    if (view) await sendOrderPlacedEmails(ctx.mail, ctx.db, view);
  } catch (error) {
    // the payment stands whether or not its e-mail could be recorded
    ctx.log?.error({ err: error, orderId }, 'order e-mails failed');
  }
}

/**
 * Failed (declined; the shopper may try another card) or cancelled (abandoned or expired):
 * stock and coupon use go back exactly once. A paid order is never touched.
 */
export async function failPayment(ctx: PaymentContext, options: { orderId: number; outcome: 'failed' | 'cancelled' }): Promise<{ changed: boolean }> {
  const from = options.outcome === 'failed' ? (['pending'] as const) : (['pending', 'failed'] as const);
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        paymentStatus: options.outcome,
        ...(options.outcome === 'cancelled' && {
          status: sql`case when ${orders.status} = 'pending' then 'cancelled' else ${orders.status} end`,
        }),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, options.orderId), inArray(orders.paymentStatus, [...from])))
      .returning({ id: orders.id });
    if (!order) return { changed: false };
    await releaseReservations(tx, options.orderId);
    return { changed: true };
  });
}
