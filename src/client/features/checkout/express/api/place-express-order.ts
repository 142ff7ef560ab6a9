import type { CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import type { ExpressOrderInput } from '#common/schemas/express-checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The wallet's order and its payment, as the card form's; refused (409) when the total is not the one the wallet showed. */
export const placeExpressOrder = (input: ExpressOrderInput): Promise<CreatePaymentIntentResult> =>
  apiRequest<CreatePaymentIntentResult>('POST', '/api/express-checkout/orders', input);
