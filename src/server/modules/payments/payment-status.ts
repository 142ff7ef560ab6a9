import { eq } from 'drizzle-orm';
import type { PaymentStatusResult } from '#common/schemas/checkout.ts';
import { orders } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import type { PaymentContext } from './payment-context.ts';
import { settleFromProvider } from './settle-payment.ts';

const fromOrder: Record<string, string> = {
  pending: 'requires_payment_method',
  failed: 'requires_payment_method',
  cancelled: 'canceled',
  succeeded: 'succeeded',
};

/**
 * GET /api/check-payment-status/:id (DESIGN.md §6): asks the provider too, and settles the order
 * from its answer, so the confirmation page is right before the webhook arrives.
 */
export async function checkPaymentStatus(ctx: PaymentContext, paymentIntentId: string): Promise<PaymentStatusResult> {
  const read = async () => {
    const [order] = await ctx.db
      .select({ id: orders.id, paymentStatus: orders.paymentStatus, provider: orders.paymentProvider })
      .from(orders)
      .where(eq(orders.stripePaymentIntentId, paymentIntentId))
      .limit(1);
    return order;
  };
  const order = await read();
  if (!order) throw notFound('Payment not found');
  let providerStatus: string | null = null;
  if (order.provider === ctx.provider.name && order.paymentStatus !== 'succeeded') {
    try {
      const payment = await ctx.provider.retrievePayment(paymentIntentId);
      if (payment) {
        providerStatus = payment.status;
        await settleFromProvider(ctx, payment);
      }
    } catch (error) {
      // the order's own record still answers; the webhook will settle it
      ctx.log?.warn({ err: error, paymentIntentId }, 'payment status check could not settle from the provider');
    }
  }
  const now = (await read())!;
  // the order's record wins for paid orders; otherwise the provider's word ("processing", ...) is the more precise
  const status = now.paymentStatus === 'succeeded' ? 'succeeded' : (providerStatus ?? fromOrder[now.paymentStatus] ?? 'requires_payment_method');
  return { success: now.paymentStatus === 'succeeded', status, orderId: now.id, paymentStatus: now.paymentStatus };
}
