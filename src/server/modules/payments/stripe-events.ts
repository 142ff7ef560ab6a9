import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { processedPaymentEvents } from '#server/db/schema.ts';
import type { PaymentContext } from './payment-context.ts';
import { PaymentMismatchError, settleFromProvider } from './settle-payment.ts';
import { handleChargeRefunded, handleDispute } from './stripe-refund-events.ts';
import { toProviderPayment } from './stripe-provider.ts';

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
const DISPUTES = new Set(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']);

type StripeEventAnswer = { received: true; duplicate: true } | { received: true; outcome: string };

/**
 * A verified Stripe event, handled once per event id. The lifecycle steps it leads to are
 * idempotent themselves, so the id is recorded after handling: a crash in between means one
 * harmless retry, never a lost event. A payment that is not ours (another integration on the same
 * Stripe account) is acknowledged so Stripe stops retrying; one that contradicts its order throws.
 */
export async function handleStripeEvent(ctx: PaymentContext, event: Stripe.Event): Promise<StripeEventAnswer> {
  const [seen] = await ctx.db.select({ id: processedPaymentEvents.id }).from(processedPaymentEvents).where(eq(processedPaymentEvents.id, event.id));
  if (seen) return { received: true, duplicate: true };

  let outcome = 'ignored';
  if (event.type === 'charge.refunded') {
    outcome = await handleChargeRefunded(ctx, event.data.object as Stripe.Charge);
  } else if (DISPUTES.has(event.type)) {
    outcome = await handleDispute(ctx, event.type, event.data.object as Stripe.Dispute);
  } else if (HANDLED.has(event.type)) {
    try {
      outcome = await settleFromProvider(ctx, toProviderPayment(event.data.object as Stripe.PaymentIntent));
    } catch (error) {
      if (!(error instanceof PaymentMismatchError)) throw error;
      ctx.log?.warn({ eventId: event.id, reason: error.message }, 'stripe event refused');
      if (error.kind === 'mismatch') throw error;
    }
  }
  await ctx.db.insert(processedPaymentEvents).values({ id: event.id, provider: 'stripe', type: event.type }).onConflictDoNothing();
  return { received: true, outcome };
}
