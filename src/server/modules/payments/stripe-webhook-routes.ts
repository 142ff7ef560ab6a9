import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { PaymentMismatchError } from './settle-payment.ts';
import { handleStripeEvent } from './stripe-events.ts';

// Stripe's event payloads are a few kilobytes; this is the app's JSON body limit
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/stripe/webhook: verifies Stripe's signature and hands the event to the payments
 * service. Registered as its own plugin: the raw-body parser below applies to this route only,
 * because the signature is over the exact bytes Stripe sent.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  const { payments } = deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const Answer = z.object({ received: z.literal(true), duplicate: z.literal(true).optional(), outcome: z.string().optional() });
  const schema = {
    summary: "Stripe's payment events",
    description: 'Signed by Stripe (Stripe-Signature header over the raw body); each event is handled once however often it is delivered.',
    response: { 200: Answer, ...errorResponses, 503: ApiErrorBody },
  };
  app.post('/stripe/webhook', { schema }, async (request, reply) => {
    const secret = deps.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) return reply.status(503).send({ message: 'Stripe webhooks are not configured: STRIPE_WEBHOOK_SECRET is not set' });
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') return reply.status(400).send({ message: 'Missing Stripe-Signature header' });
    if (!Buffer.isBuffer(request.body)) return reply.status(400).send({ message: 'Request body is required' });

    // stripe-node loaded on the first event: a shop that simulates payments never needs it
    const { default: stripe } = await import('stripe');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch (error) {
      return reply.status(400).send({ message: `Webhook signature verification failed: ${error instanceof Error ? error.message : 'invalid'}` });
    }

    try {
      return await handleStripeEvent({ ...payments, log: request.log }, event);
    } catch (error) {
      if (error instanceof PaymentMismatchError) return reply.status(400).send({ message: error.message });
      throw error;
    }
  });
};
