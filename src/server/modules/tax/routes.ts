import type { FastifyPluginAsync } from 'fastify';
import { TaxCalculateInput } from '#common/schemas/checkout.ts';
import type { AppDeps } from '#server/deps.ts';
import { previewTax } from '#server/modules/checkout/checkout-service.ts';
import { parseWithFirstMessage } from '#server/modules/checkout/parse-checkout-input.ts';
import { createTaxService } from './tax-service.ts';

/** POST /api/tax/calculate: the tax create-payment-intent would charge, priced from the database. */
export const taxRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const tax = createTaxService(deps);
  // each answer may cost a TaxJar call: the same per-address budget as payment creation
  const rateLimit = { max: deps.config.CHECKOUT_RATE_LIMIT, timeWindow: '1 minute' };
  app.post('/tax/calculate', { config: { rateLimit } }, async (request) => {
    const input = parseWithFirstMessage(TaxCalculateInput, request.body);
    const items = input.lineItems.map((line) => ({ productId: line.id, quantity: line.quantity }));
    return previewTax({ db: deps.db, tax }, { items, couponCode: input.couponCode, to: input.toAddress }, request.log);
  });
};
