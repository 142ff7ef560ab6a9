import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatePaymentIntentInput, CreatePaymentIntentResult, TaxCalculateInput, TaxResult } from '#common/schemas/checkout.ts';
import { createConcurrencyLimit, createKeyedQueue } from '#server/http/concurrency-limit.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { CheckoutRouteDeps } from './checkout-deps.ts';
import { createCheckout, previewTax, type CheckoutDeps } from './checkout-service.ts';

/** Checkouts at their database work at once per process: about the pool's size (20), each needs a connection for its statements. */
const CHECKOUT_CONCURRENCY = 20;

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRouteDeps> = async (app, deps) => {
  const { config, payments, tax } = deps;
  const checkout: CheckoutDeps = {
    db: deps.db,
    tax,
    settings: deps.checkoutSettings,
    payments,
    quota: { orders: config.CHECKOUT_OPEN_ORDERS_LIMIT, units: config.CHECKOUT_OPEN_UNITS_LIMIT, networkUnits: config.CHECKOUT_NETWORK_UNITS_LIMIT },
    // checkouts finish in arrival order under a rush instead of all together (see concurrency-limit.ts)
    inTurn: createConcurrencyLimit(CHECKOUT_CONCURRENCY),
    perProduct: createKeyedQueue(),
  };
  const routeConfig = { rateLimit: { max: config.CHECKOUT_RATE_LIMIT, timeWindow: '1 minute' }, invalidInput: 'first-issue' } as const;

  app.post(
    '/tax/calculate',
    {
      config: routeConfig,
      schema: {
        summary: 'The tax checkout would charge for this cart and address',
        description: 'Priced from the database, not from the unit prices sent. Each answer may cost a TaxJar call, so it shares the checkout rate limit.',
        body: TaxCalculateInput,
        response: { 200: TaxResult, ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body;
      const items = input.lineItems.map((line) => ({ productId: line.id, variantId: line.variantId, quantity: line.quantity }));
      return previewTax(checkout, { items, couponCode: input.couponCode, to: input.toAddress }, request.log);
    },
  );

  app.post(
    '/create-payment-intent',
    {
      config: routeConfig,
      schema: {
        summary: 'Create the order and start its card payment',
        description: 'Reserves stock and the coupon use, prices everything on the server and returns what the card form needs.',
        body: CreatePaymentIntentInput,
        response: { 200: CreatePaymentIntentResult, ...errorResponses },
      },
    },
    async (request) => {
      const client = { ip: request.ip, userId: request.user?.id ?? null };
      return createCheckout(checkout, request.body, client, request.log);
    },
  );
};
