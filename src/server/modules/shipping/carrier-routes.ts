import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { CarrierStatus } from '#common/schemas/shipping.ts';
import { BuyLabelInput, LabelRates, LabelRatesInput, ShipmentParams } from '#common/schemas/shipments.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { createKeyedQueue } from '#server/http/concurrency-limit.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { applyCarrierTracking } from '#server/modules/orders/order-service.ts';
import { buyLabel, labelFile, quoteLabel, type LabelDeps } from './carrier-labels.ts';
import { readTrackerEvent } from './carrier-tracking.ts';

/** The order page's "Buy label" (decision 057): rates for the chosen lines' parcel, then one rate's label; admins who may fulfil. */
export const carrierLabelRoutes: FastifyPluginAsyncZod<LabelDeps> = async (app, deps) => {
  sendNoStore(app);
  const config = { invalidInput: { body: 'Invalid label' } };
  // one label purchase per order at a time in this process: a double click's second request finds the
  // first one's shipment instead of queueing on the order's row lock (other instances: the lock and the key)
  const perOrder = createKeyedQueue();

  app.get(
    '/admin/shipping/carrier',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Whether carrier-calculated rates, labels and tracking are available',
        description: 'The Shipping tab offers carrier-calculated methods only with EASYPOST_API_KEY set, and says why otherwise.',
        response: { 200: CarrierStatus, ...errorResponses },
      },
    },
    async () => ({ rates: deps.carrier !== null, webhook: deps.carrier?.webhookSecretSet ?? false }),
  );

  app.post(
    '/orders/:id/shipments/label-rates',
    {
      onRequest: requireAdmin,
      config,
      schema: {
        summary: "The carrier's rates for a parcel of these order lines",
        description:
          "From the shop's address in Contact to the order's address, the lines' weights summed, in the box asked for or the owner's smallest box they fit. 409 without EASYPOST_API_KEY or for units already shipped; 502 when the carrier does not answer.",
        params: IdParam,
        body: LabelRatesInput,
        response: { 200: LabelRates, ...errorResponses },
      },
    },
    async (request) => quoteLabel(deps, request.params.id, request.body, request.log),
  );

  app.post(
    '/orders/:id/shipments/label',
    {
      onRequest: requireAdmin,
      config,
      schema: {
        summary: "Buy a rate's label and ship the lines in it",
        description:
          'Once per carrier shipment: a repeated or concurrent request answers the same shipment. The shipment keeps the carrier, tracking number and label; the customer is e-mailed its tracking link.',
        params: IdParam,
        body: BuyLabelInput,
        response: { 200: AdminOrderDetail, ...errorResponses },
      },
    },
    async (request) => perOrder([request.params.id], () => buyLabel(deps, request.params.id, request.body, `admin:${request.user!.id}`, request.log)),
  );

  app.get(
    '/orders/:id/shipments/:shipmentId/label',
    {
      onRequest: requireAdmin,
      schema: {
        summary: "A shipment's label, as a PDF to print",
        description:
          "The carrier's PDF of a label bought from the order page, fetched from the carrier for staff; 404 for a parcel without one, 502 when the carrier does not hand it over.",
        params: ShipmentParams,
        response: { 200: z.any().describe('The label (application/pdf)'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await labelFile(deps.db, request.params.id, request.params.shipmentId, request.log);
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(pdf);
    },
  );
};

// EasyPost's events are small; the app's JSON body limit
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/carrier/webhook: EasyPost's `tracker.updated` events, signed with the webhook secret
 * (X-Hmac-Signature over the raw body). Its own plugin: the raw-body parser applies to this route only.
 */
export const carrierWebhookRoutes: FastifyPluginAsyncZod<Pick<LabelDeps, 'db' | 'carrier'>> = async (app, { db, carrier }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const Answer = z.object({ received: z.literal(true), outcome: z.string() });
  const schema = {
    summary: "The carrier's tracking events",
    description:
      "EasyPost's tracker.updated, signed with EASYPOST_WEBHOOK_SECRET: a parcel in transit or delivered moves its shipment (and the order with its last parcel); a redelivered event changes nothing.",
    response: { 200: Answer, ...errorResponses, 503: ApiErrorBody },
  };
  app.post('/carrier/webhook', { schema }, async (request, reply) => {
    if (!carrier?.webhookSecretSet)
      return reply.status(503).send({ message: 'Carrier webhooks are not configured: EASYPOST_API_KEY and EASYPOST_WEBHOOK_SECRET must be set' });
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) return reply.status(400).send({ message: 'Request body is required' });
    let event: unknown;
    try {
      event = await carrier.verifyWebhook(request.body, request.headers);
    } catch {
      return reply.status(401).send({ message: 'Webhook signature verification failed' });
    }
    const update = readTrackerEvent(event);
    if (update === null) return { received: true as const, outcome: 'ignored' };
    const outcome = await applyCarrierTracking(db, update);
    request.log.info({ outcome, status: update.status }, 'carrier tracking event');
    return { received: true as const, outcome };
  });
};
