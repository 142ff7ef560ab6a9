import type { FastifyPluginAsync } from 'fastify';
import { CreatePaymentIntentInput, TaxCalculateInput } from '#common/schemas/checkout.ts';
import type { ModuleDeps } from '#server/deps.ts';
import { createConcurrencyLimit } from '#server/http/concurrency-limit.ts';
import { parseWithFirstMessage } from '#server/http/errors.ts';
import { createCheckout, previewTax } from './checkout-service.ts';

/** Checkouts running at once per process: about the database pool's size (20), each holds a connection in its transaction. */
export const CHECKOUT_CONCURRENCY = 20;

export const checkoutRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { config, payments, tax } = deps;
  const checkout = {
    db: deps.db,
    tax,
    payments,
    quota: { orders: config.CHECKOUT_OPEN_ORDERS_LIMIT, units: config.CHECKOUT_OPEN_UNITS_LIMIT },
  };

  // checkouts finish in arrival order under a rush instead of all together (see concurrency-limit.ts)
  const limitCheckouts = createConcurrencyLimit(CHECKOUT_CONCURRENCY);
  const rateLimit = { max: config.CHECKOUT_RATE_LIMIT, timeWindow: '1 minute' };
  // what create-payment-intent would charge in tax for this cart and address, priced from the
  // database; each answer may cost a TaxJar call, so it shares the per-address budget
  app.post('/tax/calculate', { config: { rateLimit } }, async (request) => {
    const input = parseWithFirstMessage(TaxCalculateInput, request.body);
    const items = input.lineItems.map((line) => ({ productId: line.id, quantity: line.quantity }));
    return previewTax(checkout, { items, couponCode: input.couponCode, to: input.toAddress }, request.log);
  });

  app.post('/create-payment-intent', { config: { rateLimit } }, async (request) => {
    const input = parseWithFirstMessage(CreatePaymentIntentInput, request.body);
    const client = { ip: request.ip, userId: request.user?.id ?? null };
    return limitCheckouts(() => createCheckout(checkout, input, client, request.log));
  });
};
