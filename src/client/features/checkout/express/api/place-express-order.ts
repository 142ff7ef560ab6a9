import type { CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import type { ExpressOrderInput } from '#common/schemas/express-checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The wallet's order and its payment, as the card form's; refused (409) when the total is not the one the wallet showed. */
export async function placeExpressOrder(input: ExpressOrderInput): Promise<CreatePaymentIntentResult & { clientSecret: string }> {
  const order = await apiRequest<CreatePaymentIntentResult>('POST', '/api/express-checkout/orders', input);
  // a wallet carries no gift cards, so its order always has a card payment for the wallet to confirm
  if (order.clientSecret === null) throw new Error('The order has no card payment to confirm.');
  return { ...order, clientSecret: order.clientSecret };
}
