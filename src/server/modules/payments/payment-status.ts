import { eq } from 'drizzle-orm';
import type { PaymentStatusResult } from '#common/schemas/checkout.ts';
import { orders } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';
import { claimProviderCheck } from '#server/modules/orders/order-service.ts';
import type { PaymentContext } from './payment-context.ts';
import { settleFromProvider } from './settle-payment.ts';

/** An open payment's provider is asked at most once per this interval, however many pages poll. */
const PROVIDER_CHECK_INTERVAL_SECONDS = 5;

const fromOrder: Record<string, string> = {
  pending: 'requires_payment_method',
  failed: 'requires_payment_method',
  cancelled: 'canceled',
  expired: 'canceled',
  refunded: 'canceled',
  succeeded: 'succeeded',
};

/**
 * GET /api/check-payment-status/:id: answered from the order. While the payment is open the
 * provider is asked too (so the confirmation page is right before the webhook arrives), but only
 * by the request that claims the interval's check: one conditional update, across instances.
 */
export async function checkPaymentStatus(ctx: PaymentContext, paymentId: string): Promise<PaymentStatusResult> {
  const read = async () => {
    const [order] = await ctx.db
      .select({ id: orders.id, paymentStatus: orders.paymentStatus, provider: orders.paymentProvider })
      .from(orders)
      .where(eq(orders.providerPaymentId, paymentId))
      .limit(1);
    return order;
  };
  const order = await read();
  if (!order) throw notFound('Payment not found');
  let providerStatus: string | null = null;
  if (
    order.provider === ctx.provider.name &&
    order.paymentStatus === 'pending' &&
    (await claimProviderCheck(ctx.db, order.id, PROVIDER_CHECK_INTERVAL_SECONDS))
  ) {
    try {
      const payment = await ctx.provider.retrievePayment(paymentId);
      if (payment) {
        providerStatus = payment.status;
        await settleFromProvider(ctx, payment);
      }
    } catch (error) {
      // the order's own record still answers; the webhook will settle it
      ctx.log?.warn({ err: error, paymentId }, 'payment status check could not settle from the provider');
    }
  }
  const now = (await read())!;
  // the order's record wins once it has closed; while open the provider's word ("processing", ...) is the more precise
  const status = now.paymentStatus === 'pending' && providerStatus ? providerStatus : (fromOrder[now.paymentStatus] ?? 'requires_payment_method');
  return { success: now.paymentStatus === 'succeeded', status, orderId: now.id, paymentStatus: now.paymentStatus };
}
