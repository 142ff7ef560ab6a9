import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { FulfilInput, PrintOrders, PrintOrdersQuery, ShipmentParams } from '#common/schemas/shipments.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { fulfilOrder, markReadyForPickup, markShipmentDelivered } from './order-fulfilment.ts';
import { loadPrintOrders } from './order-print.ts';

const detail = { 200: AdminOrderDetail, ...errorResponses };

/** The order page's Fulfil action, deliveries and local pickup, and the pick list and packing slips (decision 050); admins only. */
export const orderFulfilmentRoutes: FastifyPluginAsyncZod<Pick<OrdersDeps, 'db' | 'mail'>> = async (app, { db, mail }) => {
  sendNoStore(app);
  const deps = { db, mail };

  app.post(
    '/orders/:id/shipments',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid shipment' } },
      schema: {
        summary: 'Ship some or all of what is left of an order',
        description:
          'One parcel: order lines and quantities (at most what is left of each: 409 beyond), carrier and tracking. The order becomes shipped with its last unit; the customer is e-mailed the parcel and its tracking link.',
        params: IdParam,
        body: FulfilInput,
        response: detail,
      },
    },
    async (request) => fulfilOrder(deps, request.params.id, request.body, `admin:${request.user!.id}`),
  );

  app.post(
    '/orders/:id/shipments/:shipmentId/delivered',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Mark one shipment delivered, or a pickup collected',
        description: 'The order becomes delivered when every unit shipped and every shipment is delivered.',
        params: ShipmentParams,
        response: detail,
      },
    },
    async (request) => markShipmentDelivered(deps, request.params.id, request.params.shipmentId, `admin:${request.user!.id}`),
  );

  app.post(
    '/orders/:id/shipments/pickup',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'A local pickup order is ready to collect',
        description: "Marks the order shipped (ready for pickup) and e-mails the customer the shop's address and hours.",
        params: IdParam,
        response: detail,
      },
    },
    async (request) => markReadyForPickup(deps, request.params.id, `admin:${request.user!.id}`),
  );

  app.get(
    '/admin/orders/print',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { querystring: 'Invalid order selection' } },
      schema: {
        summary: 'The pick list and packing slips of chosen orders',
        description: 'Each order that exists, with the units left to ship (all of them once shipped), and those units summed per variant, sorted by product.',
        querystring: PrintOrdersQuery,
        response: { 200: PrintOrders, ...errorResponses },
      },
    },
    async (request) => loadPrintOrders(db, request.query.ids),
  );
};
