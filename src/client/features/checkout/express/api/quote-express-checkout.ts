import type { ExpressQuoteInput, ExpressQuoteResult } from '#common/schemas/express-checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** Shipping options and the server's totals for the (partial) address a wallet shares; reserves nothing. */
export const quoteExpressCheckout = (input: ExpressQuoteInput): Promise<ExpressQuoteResult> =>
  apiRequest<ExpressQuoteResult>('POST', '/api/express-checkout/quote', input);
