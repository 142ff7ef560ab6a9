import type { FastifyPluginAsync } from 'fastify';
import { TaxCalculateInput } from '#common/schemas/checkout.ts';
import type { AppDeps } from '#server/deps.ts';
import { previewTax } from '#server/modules/checkout/checkout-service.ts';
import { parseWithFirstMessage } from '#server/modules/checkout/parse-checkout-input.ts';
import { createTaxService } from './tax-service.ts';

/** POST /api/tax/calculate: the tax create-payment-intent would charge, priced from the database. */
export const taxRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const tax = createTaxService(deps);
  app.post('/tax/calculate', async (request) => {
    const input = parseWithFirstMessage(TaxCalculateInput, request.body);
    const items = input.lineItems.map((line) => ({ productId: line.id, quantity: line.quantity }));
    return previewTax({ db: deps.db, tax }, { items, couponCode: input.couponCode, to: input.toAddress }, request.log);
  });
};
