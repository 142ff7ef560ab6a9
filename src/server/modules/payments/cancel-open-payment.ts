import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import { conflict } from '#server/http/errors.ts';
import { failPayment } from './finalise-payment.ts';
import type { PaymentContext } from './payment-context.ts';
import { settleFromProvider } from './settle-payment.ts';

const ALREADY_PAID = 'Your earlier payment for this cart has already gone through. Please check your e-mail for the confirmation.';

/**
 * Cancels an unpaid payment the shopper is replacing (cart or address changed after "Proceed to
 * Checkout"), giving its stock and coupon use back at once rather than after 30 minutes. The
 * payment id is the capability, as for the confirmation page. A payment that went through is
 * never cancelled: the shopper is told, so nothing is bought twice.
 */
export async function cancelOpenPayment(ctx: PaymentContext, paymentIntentId: string): Promise<void> {
  const [order] = await ctx.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, provider: orders.paymentProvider })
    .from(orders)
    .where(eq(orders.stripePaymentIntentId, paymentIntentId))
    .limit(1);
  if (!order || order.paymentStatus === 'cancelled') return;
  if (order.paymentStatus === 'succeeded') throw conflict(ALREADY_PAID);
  if (order.provider === ctx.provider.name) {
    const payment = await ctx.provider.cancelPayment(paymentIntentId);
    if (payment?.status === 'succeeded') {
      await settleFromProvider(ctx, payment);
      throw conflict(ALREADY_PAID);
    }
  }
  await failPayment(ctx, { orderId: order.id, outcome: 'cancelled' });
}
