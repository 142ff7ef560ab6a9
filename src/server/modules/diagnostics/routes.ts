import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PaidPaymentSample,
  StripeModeCheck,
  StripeWebhookCheck,
  TestEmailResult,
  TestOrderEmailInput,
  TestPaymentInput,
  TestPaymentResult,
} from '#common/schemas/diagnostics.ts';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { statusOf } from '#server/http/errors.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { createStripeClient, type PaymentContext } from '#server/modules/payments/payment-service.ts';
import { findPaidPaymentSample } from './paid-payment-sample.ts';
import { checkStripeMode, checkStripeWebhooks, type PaymentSetup } from './stripe-checks.ts';
import { sendTestOrderEmail, TestEmailFailed } from './test-order-email.ts';
import { runTestPayment } from './test-payment-flow.ts';

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** What the composition root hands the diagnostics. */
interface DiagnosticsDeps {
  db: Database;
  /** the Stripe keys and webhook secret the checks look at */
  config: PaymentSetup['config'] & Pick<Config, 'STRIPE_API_BASE'>;
  /** the active provider the test payment goes through, and the mailer of the test e-mail */
  payments: PaymentContext;
}

/** Payment diagnostics and the payment and e-mail tests; every route admin only. */
export const diagnosticsRoutes: FastifyPluginAsyncZod<DiagnosticsDeps> = async (app, deps) => {
  const { payments } = deps;
  const setup: PaymentSetup =
    payments.provider.name === 'stripe'
      ? { provider: 'stripe', config: deps.config, stripe: await createStripeClient(deps.config) }
      : { provider: 'simulated', config: deps.config };
  const admin = { onRequest: requireAdmin };

  // the pages add a cache-busting query parameter; it is accepted and ignored
  app.get(
    '/stripe-mode-check',
    {
      ...admin,
      schema: { summary: 'Which Stripe mode (test or live) the keys are in, and whether they match', response: { 200: StripeModeCheck, ...errorResponses } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkStripeMode(setup);
    },
  );

  app.get(
    '/stripe-webhook-check',
    { ...admin, schema: { summary: "Whether Stripe's webhook endpoints reach this shop", response: { 200: StripeWebhookCheck, ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkStripeWebhooks(setup, requestOrigin(request));
    },
  );

  app.post(
    '/test-payment-flow',
    {
      ...admin,
      schema: { summary: 'Create a test order and payment for an amount', body: TestPaymentInput, response: { 200: TestPaymentResult, ...errorResponses } },
    },
    async (request) => runTestPayment({ ...payments, log: request.log }, request.user!, request.body.amount),
  );

  app.post(
    '/test-order-email',
    {
      ...admin,
      schema: {
        summary: 'Send a test order e-mail to the admin',
        description: 'No body: the sample order. Otherwise the order described, checked to add up.',
        body: TestOrderEmailInput.nullish(),
        response: { 200: TestEmailResult, ...errorResponses, 502: ApiErrorBody.extend({ error: ApiErrorBody.shape.message }) },
      },
    },
    async (request, reply) => {
      try {
        return await sendTestOrderEmail({ db: deps.db, mail: payments.mail }, request.user!, request.body ?? null);
      } catch (error) {
        if (!(error instanceof TestEmailFailed)) throw error;
        return reply.status(statusOf(error)).send({ message: error.message, error: error.message });
      }
    },
  );

  app.get(
    '/order-confirmation-test/paid-order',
    {
      ...admin,
      schema: { summary: "The newest paid order's payment, for the confirmation page test", response: { 200: PaidPaymentSample, ...errorResponses } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return findPaidPaymentSample(deps.db);
    },
  );
};
