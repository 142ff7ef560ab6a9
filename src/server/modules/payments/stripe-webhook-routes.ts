import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import type { ModuleDeps } from '#server/deps.ts';
import { processedPaymentEvents } from '#server/db/schema.ts';
import { PaymentMismatchError, settleFromProvider } from './settle-payment.ts';
import { toProviderPayment } from './stripe-provider.ts';

// Stripe's event payloads are a few kilobytes; this is the app's JSON body limit
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/**
 * POST /api/stripe/webhook (DESIGN.md §6). Registered as its own plugin: the raw-body parser
 * below applies to this route only, because the signature is over the exact bytes Stripe sent.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { payments } = deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/stripe/webhook', async (request, reply) => {
    const secret = deps.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) return reply.status(503).send({ message: 'Stripe webhooks are not configured: STRIPE_WEBHOOK_SECRET is not set' });
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') return reply.status(400).send({ message: 'Missing Stripe-Signature header' });
    if (!Buffer.isBuffer(request.body)) return reply.status(400).send({ message: 'Request body is required' });

    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch (error) {
      return reply.status(400).send({ message: `Webhook signature verification failed: ${error instanceof Error ? error.message : 'invalid'}` });
    }

    const [seen] = await deps.db.select({ id: processedPaymentEvents.id }).from(processedPaymentEvents).where(eq(processedPaymentEvents.id, event.id));
    if (seen) return { received: true, duplicate: true };

    let outcome = 'ignored';
    if (HANDLED.has(event.type)) {
      const payment = toProviderPayment(event.data.object as Stripe.PaymentIntent);
      try {
        outcome = await settleFromProvider({ ...payments, log: request.log }, payment);
      } catch (error) {
        if (!(error instanceof PaymentMismatchError)) throw error;
        request.log.warn({ eventId: event.id, reason: error.message }, 'stripe event refused');
        // not ours at all (another integration on the account): acknowledge so Stripe stops retrying
        if (error.kind === 'unknown') outcome = 'ignored';
        else return reply.status(400).send({ message: error.message });
      }
    }
    // recorded after handling: the steps are idempotent, so a crash in between only means one harmless retry
    await deps.db.insert(processedPaymentEvents).values({ id: event.id, provider: 'stripe', type: event.type }).onConflictDoNothing();
    return { received: true, outcome };
  });
};
