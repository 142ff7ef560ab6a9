import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import { commitReservations, findExpiredOrderIds } from '#server/modules/checkout/reservations.ts';
import { failPayment } from './finalise-payment.ts';
import type { PaymentContext } from './payment-context.ts';
import { settleFromProvider } from './settle-payment.ts';

const inFlight = new WeakMap<object, Promise<number>>();

/**
 * DESIGN.md §6: a payment not finished within RESERVATION_TTL_MINUTES gives its stock and coupon
 * use back. The provider's payment is cancelled first, so a shopper cannot pay for stock that was
 * given back; one that turns out to be paid (or still processing) is finished or left alone.
 * Answers how many orders were released.
 */
export function sweepExpiredReservations(ctx: PaymentContext, now = new Date()): Promise<number> {
  // concurrent checkouts share one sweep in this process instead of each cancelling the same payments
  const running = inFlight.get(ctx.db);
  if (running) return running;
  const sweep = releaseExpired(ctx, now).finally(() => inFlight.delete(ctx.db));
  inFlight.set(ctx.db, sweep);
  return sweep;
}

async function releaseExpired(ctx: PaymentContext, now: Date): Promise<number> {
  let released = 0;
  for (const orderId of await findExpiredOrderIds(ctx.db, now)) {
    try {
      if (await settleExpiredOrder(ctx, orderId)) released += 1;
    } catch (error) {
      // the next sweep tries again; one provider hiccup does not stop the others
      ctx.log?.warn({ err: error, orderId }, 'could not release an expired reservation');
    }
  }
  return released;
}

async function settleExpiredOrder(ctx: PaymentContext, orderId: number): Promise<boolean> {
  const [order] = await ctx.db
    .select({ paymentStatus: orders.paymentStatus, paymentId: orders.stripePaymentIntentId, provider: orders.paymentProvider })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return false;
  if (order.paymentStatus === 'succeeded') {
    await ctx.db.transaction((tx) => commitReservations(tx, orderId));
    return false;
  }
  if (order.paymentId && order.provider === ctx.provider.name) {
    const payment = await ctx.provider.cancelPayment(order.paymentId);
    if (payment?.status === 'succeeded') {
      // a mismatching payment throws: logged by the caller, the reservation stays for a person to look at
      await settleFromProvider(ctx, payment);
      return false;
    }
    if (payment?.status === 'processing') return false;
  }
  return (await failPayment(ctx, { orderId, outcome: 'cancelled' })).changed;
}
