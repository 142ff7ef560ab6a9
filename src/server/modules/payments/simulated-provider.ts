import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { giftCardTenderCents } from '#server/modules/gift-cards/gift-card-service.ts';
import type { PaymentProvider, ProviderPayment, ProviderPaymentStatus } from './payment-provider.ts';

const statusOf: Record<(typeof orders.$inferSelect)['paymentStatus'], ProviderPaymentStatus> = {
  pending: 'requires_payment_method',
  // like Stripe: a declined attempt leaves the payment open for another card
  failed: 'requires_payment_method',
  cancelled: 'canceled',
  expired: 'canceled',
  succeeded: 'succeeded',
  // as on Stripe, a refund leaves the payment itself succeeded
  partially_refunded: 'succeeded',
  refunded: 'succeeded',
};

/** Ids look like Stripe's and are as unguessable: knowing one is what lets a page read its order. */
function newSimulatedPaymentId(): string {
  return `pi_sim_${randomBytes(18).toString('base64url')}`;
}

/**
 * The built-in card simulator. Its state is the order itself (paymentStatus), so any
 * number of app instances agree on it; the card step is POST /api/payments/simulated/confirm.
 */
export function createSimulatedProvider(db: Database): PaymentProvider {
  async function read(id: string): Promise<ProviderPayment | null> {
    const [order] = await db
      .select({ id: orders.id, total: orders.total, paymentStatus: orders.paymentStatus, provider: orders.paymentProvider })
      .from(orders)
      .where(eq(orders.providerPaymentId, id))
      .limit(1);
    if (!order || order.provider !== 'simulated') return null;
    // the card's part: the total less what the order's gift cards pay (decision 059)
    const amountCents = toCents(order.total) - (await giftCardTenderCents(db, order.id));
    return { id, status: statusOf[order.paymentStatus], amountCents, orderId: order.id, failureMessage: null };
  }
  return {
    name: 'simulated',
    async createPayment() {
      const id = newSimulatedPaymentId();
      return { id, clientSecret: `${id}_secret_${randomBytes(12).toString('base64url')}` };
    },
    retrievePayment: read,
    // the caller marks the order cancelled; the simulator has nothing else to undo
    async cancelPayment(id) {
      const payment = await read(id);
      return payment && payment.status !== 'succeeded' ? { ...payment, status: 'canceled' } : payment;
    },
    // no money moved, so none moves back: the order's own record says it was refunded
    async refundPayment({ idempotencyKey }) {
      return { id: `re_sim_${idempotencyKey}` };
    },
  };
}
