import type Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import type { PaymentProvider, ProviderPayment } from './payment-provider.ts';

/**
 * stripe-node pointed at STRIPE_API_BASE when set (tests run it against a local fake). Loaded only by a shop
 * with Stripe keys: the package took a twentieth of every start of the shops that simulate payments.
 */
export async function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Promise<Stripe> {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const { default: Stripe } = await import('stripe');
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/** Marks a refund the shop made itself (its metadata key), as opposed to one made in the Stripe dashboard. */
export const SHOP_REFUND_KEY = 'shop_refund';

export function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const orderId = Number(intent.metadata?.orderId);
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

// stripe-node's errors carry their class's name as `type`, so the class itself need not be loaded here
const isInvalidRequest = (error: unknown): error is Stripe.errors.StripeInvalidRequestError =>
  error instanceof Error && (error as { type?: unknown }).type === 'StripeInvalidRequestError';
const isMissing = (error: unknown) => isInvalidRequest(error) && (error.code === 'resource_missing' || error.statusCode === 404);

export function createStripeProvider(client: Promise<Stripe>): PaymentProvider {
  return {
    name: 'stripe',
    async createPayment({ orderId, amountCents, customerEmail, description }) {
      const stripe = await client;
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          receipt_email: customerEmail,
          description,
          metadata: { orderId: String(orderId) },
        },
        // a retried request for the same order and amount gets the same payment, never a second one
        { idempotencyKey: `order-${orderId}-amount-${amountCents}` },
      );
      if (!intent.client_secret) throw new Error('Stripe answered a payment without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrievePayment(id) {
      const stripe = await client;
      try {
        return toProviderPayment(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async refundPayment({ id, amountCents, idempotencyKey }) {
      const stripe = await client;
      const refund = await stripe.refunds.create(
        { payment_intent: id, amount: amountCents, metadata: { [SHOP_REFUND_KEY]: idempotencyKey } },
        { idempotencyKey },
      );
      return { id: refund.id };
    },
    async cancelPayment(id) {
      const stripe = await client;
      try {
        return toProviderPayment(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (isMissing(error)) return null;
        // succeeded or processing payments cannot be cancelled: answer what it is now
        if (isInvalidRequest(error)) return toProviderPayment(await stripe.paymentIntents.retrieve(id));
        throw error;
      }
    },
  };
}
