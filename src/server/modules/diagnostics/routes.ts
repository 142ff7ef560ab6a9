import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TestOrderEmailInput, TestPaymentInput } from '#common/schemas/diagnostics.ts';
import type { ModuleDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseInput } from '#server/http/errors.ts';
import { createStripeClient } from '#server/modules/payments/payment-service.ts';
import { findPaidPaymentSample } from './paid-payment-sample.ts';
import { checkStripeMode, checkStripeWebhooks, type PaymentSetup } from './stripe-checks.ts';
import { sendTestOrderEmail, TestEmailFailed } from './test-order-email.ts';
import { runTestPayment } from './test-payment-flow.ts';

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Payment diagnostics and the payment and e-mail tests; every route admin only. */
export const diagnosticsRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { payments } = deps;
  const setup: PaymentSetup =
    payments.provider.name === 'stripe'
      ? { provider: 'stripe', config: deps.config, stripe: createStripeClient(deps.config) }
      : { provider: 'simulated', config: deps.config };
  const admin = { onRequest: requireAdmin };

  // the pages add a cache-busting query parameter; it is accepted and ignored
  app.get('/stripe-mode-check', admin, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return checkStripeMode(setup);
  });

  app.get('/stripe-webhook-check', admin, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return checkStripeWebhooks(setup, requestOrigin(request));
  });

  app.post('/test-payment-flow', admin, async (request) => {
    const { amount } = parseInput(TestPaymentInput, request.body);
    return runTestPayment({ ...payments, log: request.log }, request.user!, amount);
  });

  // no body: the sample order to the admin; otherwise the admin's test order
  app.post('/test-order-email', admin, async (request, reply) => {
    const input = request.body === undefined || request.body === null ? null : parseInput(TestOrderEmailInput, request.body);
    try {
      return await sendTestOrderEmail({ db: deps.db, mail: payments.mail }, request.user!, input);
    } catch (error) {
      if (!(error instanceof TestEmailFailed)) throw error;
      return reply.status(error.statusCode).send({ message: error.message, error: error.message });
    }
  });

  app.get('/order-confirmation-test/paid-order', admin, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return findPaidPaymentSample(deps.db);
  });
};
