import type { FastifyPluginAsync } from 'fastify';
import { PaymentIntentIdParam, SimulatedConfirmInput } from '#common/schemas/checkout.ts';
import type { ModuleDeps } from '#server/deps.ts';
import { notFound, parseWithFirstMessage } from '#server/http/errors.ts';
import { confirmSimulatedPayment } from './confirm-simulated.ts';
import { checkPaymentStatus } from './payment-status.ts';

export const paymentRoutes: FastifyPluginAsync<ModuleDeps> = async (app, { payments, config }) => {
  app.post('/payments/simulated/confirm', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    if (payments.provider.name !== 'simulated') throw notFound('The card simulator is not in use: payments go through Stripe');
    const input = parseWithFirstMessage(SimulatedConfirmInput, request.body);
    return confirmSimulatedPayment({ ...payments, log: request.log }, input);
  });

  // the confirmation page polls this; each open payment asks the provider at most once per interval anyway
  const statusRateLimit = { max: config.CHECKOUT_RATE_LIMIT * 4, timeWindow: '1 minute' };
  app.get('/check-payment-status/:paymentIntentId', { config: { rateLimit: statusRateLimit } }, async (request, reply) => {
    const { paymentIntentId } = parseWithFirstMessage(PaymentIntentIdParam, request.params);
    reply.header('cache-control', 'no-store');
    return checkPaymentStatus({ ...payments, log: request.log }, paymentIntentId);
  });
};
