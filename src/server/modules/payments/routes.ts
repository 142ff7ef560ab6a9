import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentIntentIdParam, PaymentStatusResult, SimulatedConfirmInput, SimulatedConfirmResult } from '#common/schemas/checkout.ts';
import { notFound } from '#server/http/errors.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { confirmSimulatedPayment } from './confirm-simulated.ts';
import { checkPaymentStatus } from './payment-status.ts';
import type { PaymentsDeps } from './payments-deps.ts';

export const paymentRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, { payments, config }) => {
  app.post(
    '/payments/simulated/confirm',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, invalidInput: 'first-issue' },
      schema: {
        summary: 'Pay with a card through the built-in card simulator',
        description: 'Only while no Stripe keys are configured. Test cards decide the outcome, as on Stripe.',
        body: SimulatedConfirmInput,
        response: { 200: SimulatedConfirmResult, ...errorResponses },
      },
    },
    async (request) => {
      if (payments.provider.name !== 'simulated') throw notFound('The card simulator is not in use: payments go through Stripe');
      return confirmSimulatedPayment({ ...payments, log: request.log }, request.body);
    },
  );

  // the confirmation page polls this; each open payment asks the provider at most once per interval anyway
  const statusRateLimit = { max: config.CHECKOUT_RATE_LIMIT * 4, timeWindow: '1 minute' };
  app.get(
    '/check-payment-status/:paymentIntentId',
    {
      config: { rateLimit: statusRateLimit, invalidInput: 'first-issue' },
      schema: { summary: 'Whether a payment went through', params: PaymentIntentIdParam, response: { 200: PaymentStatusResult, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkPaymentStatus({ ...payments, log: request.log }, request.params.paymentIntentId);
    },
  );
};
