import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatePaymentIntentInput, CreatePaymentIntentResult, TaxCalculateInput, TaxResult } from '#common/schemas/checkout.ts';
import { createConcurrencyLimit, createKeyedQueue } from '#server/http/concurrency-limit.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { issueOrderClaim } from '#server/modules/orders/order-claim-service.ts';
import { ExpressOrderInput, ExpressQuoteInput, ExpressQuoteResult } from '#common/schemas/express-checkout.ts';
import { ShippingRatesInput, ShippingRatesResult } from '#common/schemas/shipping.ts';
import { DiscountPreview, DiscountPreviewInput } from '#common/schemas/discounts.ts';
import type { CheckoutRouteDeps } from './checkout-deps.ts';
import { previewDiscounts } from './discount-preview-service.ts';
import { createCheckout, previewTax, quoteShippingRates, type CheckoutDeps } from './checkout-service.ts';
import { placeExpressOrder, quoteExpressCheckout } from './express-checkout.ts';

/** Checkouts at their database work at once per process: about the pool's size (20), each needs a connection for its statements. */
const CHECKOUT_CONCURRENCY = 20;

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRouteDeps> = async (app, deps) => {
  const { config, payments, tax } = deps;
  const checkout: CheckoutDeps = {
    db: deps.db,
    tax,
    settings: deps.checkoutSettings,
    carrierRates: deps.carrierRates,
    payments,
    quota: { orders: config.CHECKOUT_OPEN_ORDERS_LIMIT, units: config.CHECKOUT_OPEN_UNITS_LIMIT, networkUnits: config.CHECKOUT_NETWORK_UNITS_LIMIT },
    // checkouts finish in arrival order under a rush instead of all together (see concurrency-limit.ts)
    inTurn: createConcurrencyLimit(CHECKOUT_CONCURRENCY),
    perProduct: createKeyedQueue(),
  };
  const routeConfig = { rateLimit: { max: config.CHECKOUT_RATE_LIMIT, timeWindow: '1 minute' }, invalidInput: 'first-issue' } as const;

  app.post(
    '/discounts/preview',
    {
      config: routeConfig,
      schema: {
        summary: "The cart's discounts, each with why and how much, and every line's share (decision 058)",
        body: DiscountPreviewInput,
        response: { 200: DiscountPreview, ...errorResponses },
      },
    },
    async (request) => previewDiscounts(deps.db, deps.checkoutSettings, request.body),
  );

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
      return previewTax(checkout, { items, couponCode: input.couponCode, to: input.toAddress, shippingMethodId: input.shippingMethodId }, request.log);
    },
  );

  app.post(
    '/shipping/rates',
    {
      config: routeConfig,
      schema: {
        summary: 'The shipping methods that take this cart to this state, priced, with their delivery estimates',
        description:
          "Priced from the database and the owner's shipping zones (docs/decisions/049); a shop without zones offers the built-in Standard shipping.",
        body: ShippingRatesInput,
        response: { 200: ShippingRatesResult, ...errorResponses },
      },
    },
    async (request) => quoteShippingRates(checkout, request.body, request.log),
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
    async (request, reply) => {
      const client = { ip: request.ip, userId: request.user?.id ?? null };
      const placed = await createCheckout(checkout, request.body, client, request.log);
      // a guest's proof that this browser placed the order: the thank-you page may make it an account (decision 040)
      if (!request.user) issueOrderClaim(request, reply, placed.orderId, config.PUBLIC_URL);
      return placed;
    },
  );

  app.post(
    '/express-checkout/quote',
    {
      config: routeConfig,
      schema: {
        summary: "Shipping options and totals for a wallet's address",
        description:
          'Express checkout (Apple Pay, Google Pay, Link, the simulated wallet): priced like the card checkout, for the city, state and ZIP code a wallet shares before the shopper confirms. Without an address the totals carry no tax yet.',
        body: ExpressQuoteInput,
        response: { 200: ExpressQuoteResult, ...errorResponses },
      },
    },
    async (request) => quoteExpressCheckout(checkout, request.body, request.log),
  );

  app.post(
    '/express-checkout/orders',
    {
      config: routeConfig,
      schema: {
        summary: "Create the order for a wallet's payment",
        description:
          "The wallet's contact and shipping address, the shipping option chosen in it and the total it showed: the order is placed and its payment created exactly as by /create-payment-intent, and refused (409) when the server's total is no longer the one the shopper approved.",
        body: ExpressOrderInput,
        response: { 200: CreatePaymentIntentResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, userId: request.user?.id ?? null };
      const placed = await placeExpressOrder(checkout, request.body, client, request.log);
      // as for a card: the guest's thank-you page may make the order an account (decision 040)
      if (!request.user) issueOrderClaim(request, reply, placed.orderId, config.PUBLIC_URL);
      return placed;
    },
  );
};
