import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ArchiveInput, OrderListQuery, OrderStatusInput, ShipInput, TrackingInput } from '#common/schemas/admin-orders.ts';
import { AdminOrderDetail, OrderNoteInput } from '#common/schemas/order-refunds.ts';
import { OrderView } from '#common/schemas/orders.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin, requirePermission } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { addOrderNote, loadAdminOrderDetail } from './order-history.ts';
import { listAdminOrders, setFulfilmentStatus, setOrderArchived, setOrderTracking, shipOrder } from './order-admin-service.ts';

const orderResult = { 200: OrderView, ...errorResponses };

/** The orders tab and the archived orders page; admins only. */
export const orderAdminRoutes: FastifyPluginAsyncZod<Pick<OrdersDeps, 'db' | 'mail' | 'cancelOrder'>> = async (app, { db, mail, cancelOrder }) => {
  sendNoStore(app);
  const deps = { db, mail };

  for (const [path, archived] of [
    ['/orders/active', false],
    ['/orders/archived', true],
  ] as const) {
    app.get(
      path,
      {
        onRequest: requireAdmin,
        config: pagedList.config,
        schema: {
          summary: archived ? 'One page of archived orders' : 'One page of active orders',
          description: `Newest first. ${pagedList.description}`,
          querystring: OrderListQuery,
          response: { 200: z.array(OrderView), ...errorResponses },
        },
      },
      async (request, reply) => sendPage(request, reply, await listAdminOrders(db, archived, request.query), request.query),
    );
  }

  app.get(
    '/orders/:id',
    {
      onRequest: requireAdmin,
      schema: {
        summary: "One order for the admin's order page",
        description: 'The order, its refunds, what is left to refund, and its timeline: lifecycle steps, refunds, disputes, private notes and e-mails sent.',
        params: IdParam,
        response: { 200: AdminOrderDetail, ...errorResponses },
      },
    },
    async (request) => loadAdminOrderDetail(db, request.params.id),
  );

  app.post(
    '/orders/:id/notes',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid note' } },
      schema: {
        summary: 'Add a private note to an order',
        description: "Shown on the admin's timeline only, never to the customer.",
        params: IdParam,
        body: OrderNoteInput,
        response: { 200: AdminOrderDetail, ...errorResponses },
      },
    },
    async (request) => addOrderNote(db, request.params.id, request.body.note, `admin:${request.user!.id}`),
  );

  app.patch(
    '/orders/:id/status',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid status' } },
      schema: {
        summary: 'Move an order along its fulfilment, or cancel it',
        description: 'Cancelling a paid order refunds it, restocks it, gives the coupon use back and e-mails the customer.',
        params: IdParam,
        body: OrderStatusInput,
        response: orderResult,
      },
    },
    async (request) => {
      const actor = `admin:${request.user!.id}` as const;
      const { status } = request.body;
      if (status === 'cancelled') {
        // cancelling refunds a paid order: money, which the route's own permission (orders.fulfil) does not give
        requirePermission(request, 'orders.cancel');
        return cancelOrder(request.params.id, actor, request.log);
      }
      return setFulfilmentStatus(deps, request.params.id, status, actor);
    },
  );

  app.post(
    '/orders/:id/ship',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid shipment' } },
      schema: {
        summary: 'Ship an order: carrier and tracking number in one step',
        description: 'Marks the order shipped and e-mails the customer their tracking link.',
        params: IdParam,
        body: ShipInput,
        response: orderResult,
      },
    },
    async (request) => shipOrder(deps, request.params.id, request.body, `admin:${request.user!.id}`),
  );

  app.patch(
    '/orders/:id/tracking',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid tracking' } },
      schema: {
        summary: "Save an order's tracking number or link",
        description: 'An order being processed becomes shipped and its customer is e-mailed the tracking, once however often it is saved.',
        params: IdParam,
        body: TrackingInput,
        response: orderResult,
      },
    },
    async (request) => setOrderTracking(deps, request.params.id, request.body, `admin:${request.user!.id}`),
  );

  app.patch(
    '/orders/:id/archive',
    { onRequest: requireAdmin, schema: { summary: 'Archive an order, or bring it back', params: IdParam, body: ArchiveInput, response: orderResult } },
    async (request) => setOrderArchived(db, request.params.id, request.body.isArchived),
  );
};
