import type { FastifyPluginAsync } from 'fastify';
import { PaymentIntentIdParam, SimulatedConfirmInput } from '#common/schemas/checkout.ts';
import type { AppDeps } from '#server/deps.ts';
import { notFound } from '#server/http/errors.ts';
import { parseWithFirstMessage } from '#server/modules/checkout/parse-checkout-input.ts';
import { confirmSimulatedPayment } from './confirm-simulated.ts';
import { paymentContextFor } from './payment-context.ts';
import { checkPaymentStatus } from './payment-status.ts';

export const paymentRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const payments = paymentContextFor(deps);

  app.post('/payments/simulated/confirm', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    if (payments.provider.name !== 'simulated') throw notFound('The card simulator is not in use: payments go through Stripe');
    const input = parseWithFirstMessage(SimulatedConfirmInput, request.body);
    return confirmSimulatedPayment({ ...payments, log: request.log }, input);
  });

  app.get('/check-payment-status/:paymentIntentId', async (request, reply) => {
    const { paymentIntentId } = parseWithFirstMessage(PaymentIntentIdParam, request.params);
    reply.header('cache-control', 'no-store');
    return checkPaymentStatus({ ...payments, log: request.log }, paymentIntentId);
  });
};
