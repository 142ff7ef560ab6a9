import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PaymentIntentIdParam } from '#common/schemas/checkout.ts';
import { OrderView } from '#common/schemas/orders.ts';
import { orders } from '#server/db/schema.ts';
import { requireUser } from '#server/http/auth.ts';
import { notFound } from '#server/http/errors.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { loadOrderViews } from './order-view.ts';

export const orderRoutes: FastifyPluginAsyncZod<Pick<OrdersDeps, 'db'>> = async (app, { db }) => {
  // the unguessable payment id is the capability: it is only ever given to the page that paid
  app.get(
    '/orders/by-payment-intent/:paymentIntentId',
    {
      config: { invalidInput: { params: 'Invalid payment id' } },
      schema: {
        summary: 'The order a payment belongs to (the confirmation page)',
        params: PaymentIntentIdParam,
        response: { 200: OrderView, ...errorResponses },
      },
    },
    async (request, reply) => {
      const [order] = await loadOrderViews(db, { where: eq(orders.providerPaymentId, request.params.paymentIntentId), limit: 1 });
      if (!order) throw notFound('Order not found');
      reply.header('cache-control', 'no-store');
      return order;
    },
  );

  app.get(
    '/orders/my-orders',
    { onRequest: requireUser, schema: { summary: "The signed-in shopper's orders", response: { 200: z.array(OrderView), ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadOrderViews(db, { where: eq(orders.userId, request.user!.id) });
    },
  );
};
