import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentIntentIdParam } from '#common/schemas/checkout.ts';
import { OrderView } from '#common/schemas/orders.ts';
import { PlacedOrderView } from '#common/schemas/placed-order.ts';
import { requireUser } from '#server/http/auth.ts';
import { notFound } from '#server/http/errors.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { ListPageQuery } from '#common/schemas/list-page.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { heldOrderClaim } from './order-claim-service.ts';
import { listCustomerOrders } from './order-view.ts';
import { loadPlacedOrderView } from './placed-order-view.ts';

export const orderRoutes: FastifyPluginAsyncZod<Pick<OrdersDeps, 'db' | 'orderLinks'>> = async (app, { db, orderLinks }) => {
  // the unguessable payment id opens the order's details; what the page may do beyond reading it needs the
  // claim checkout gave the browser that placed it (decision 040)
  app.get(
    '/orders/by-payment-intent/:paymentIntentId',
    {
      config: { invalidInput: { params: 'Invalid payment id' } },
      schema: {
        summary: 'The order a payment belongs to (the confirmation page)',
        params: PaymentIntentIdParam,
        response: { 200: PlacedOrderView, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = { userId: request.user?.id ?? null, claimedOrderId: heldOrderClaim(request) };
      const order = await loadPlacedOrderView(db, orderLinks, request.params.paymentIntentId, caller);
      if (!order) throw notFound('Order not found');
      reply.header('cache-control', 'no-store');
      return order;
    },
  );

  app.get(
    '/orders/my-orders',
    {
      onRequest: requireUser,
      config: pagedList.config,
      schema: {
        summary: "The signed-in shopper's orders, newest first",
        description: pagedList.description,
        querystring: ListPageQuery,
        response: { 200: z.array(OrderView), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sendPage(request, reply, await listCustomerOrders(db, request.user!.id, request.query), request.query);
    },
  );
};
