import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliveryPromise, deliveryPromise } from '#common/delivery-promise.ts';
import { ShippingDestinations, type ShippingProfileView } from '#common/schemas/shipping.ts';
import { shippingDestinations } from './shipping-rates.ts';
import { errorResponses } from '#server/http/route-schemas.ts';

/**
 * The settings the promise is worded from: the checkout's kept settings (the composition root hands them
 * in), so a product page reads no table of its own and sees the owner's change when checkout does.
 */
interface DeliveryPromiseDeps {
  checkoutSettings: {
    read(): Promise<{ shippingCostCents: number | null; freeShippingThresholdCents: number | null; shipping: ShippingProfileView }>;
  };
}

/**
 * The product page's delivery line (docs/decisions/062): the free-over threshold and when an order placed now
 * leaves; and the countries checkout's address form offers (decision 069), from the same kept settings.
 */
export const deliveryPromiseRoutes: FastifyPluginAsyncZod<DeliveryPromiseDeps> = async (app, { checkoutSettings }) => {
  app.get(
    '/shipping/promise',
    {
      schema: {
        summary: "The default delivery as the product page promises it: free-over threshold, today's cut-off and the dispatch day",
        description: "Worked out now, in the shop's time zone, from the first zone's first active delivery method (or the built-in Standard shipping).",
        response: { 200: DeliveryPromise, ...errorResponses },
      },
    },
    async () => {
      const settings = await checkoutSettings.read();
      return deliveryPromise(settings.shipping, settings, new Date());
    },
  );

  app.get(
    '/shipping/destinations',
    {
      schema: {
        summary: 'Where checkout ships besides the US: the Canadian provinces a shipping zone with an active method covers',
        response: { 200: ShippingDestinations, ...errorResponses },
      },
    },
    async () => shippingDestinations((await checkoutSettings.read()).shipping),
  );
};
