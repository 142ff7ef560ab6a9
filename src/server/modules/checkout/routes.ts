import type { FastifyPluginAsync } from 'fastify';
import { CreatePaymentIntentInput } from '#common/schemas/checkout.ts';
import type { ModuleDeps } from '#server/deps.ts';
import { createConcurrencyLimit } from '#server/http/concurrency-limit.ts';
import { createTaxService } from '#server/modules/tax/tax-service.ts';
import { createCheckout } from './checkout-service.ts';
import { parseWithFirstMessage } from './parse-checkout-input.ts';

/** Checkouts running at once per process: about the database pool's size (20), each holds a connection in its transaction. */
export const CHECKOUT_CONCURRENCY = 20;

export const checkoutRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { config, payments } = deps;
  const checkout = {
    db: deps.db,
    tax: createTaxService(deps),
    payments,
    quota: { orders: config.CHECKOUT_OPEN_ORDERS_LIMIT, units: config.CHECKOUT_OPEN_UNITS_LIMIT },
  };

  // checkouts finish in arrival order under a rush instead of all together (see concurrency-limit.ts)
  const limitCheckouts = createConcurrencyLimit(CHECKOUT_CONCURRENCY);
  const rateLimit = { max: config.CHECKOUT_RATE_LIMIT, timeWindow: '1 minute' };
  app.post('/create-payment-intent', { config: { rateLimit } }, async (request) => {
    const input = parseWithFirstMessage(CreatePaymentIntentInput, request.body);
    const client = { ip: request.ip, userId: request.user?.id ?? null };
    return limitCheckouts(() => createCheckout(checkout, input, client, request.log));
  });
};
