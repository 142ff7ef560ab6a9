import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { PaymentIntentIdParam } from '#common/schemas/checkout.ts';
import type { AppDeps } from '#server/deps.ts';
import { orders } from '#server/db/schema.ts';
import { requireUser } from '#server/http/auth.ts';
import { notFound, parseInput } from '#server/http/errors.ts';
import { loadOrderViews } from './order-view.ts';

export const orderRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  // the unguessable payment id is the capability: it is only ever given to the page that paid
  app.get('/orders/by-payment-intent/:paymentIntentId', async (request, reply) => {
    const { paymentIntentId } = parseInput(PaymentIntentIdParam, request.params, 'Invalid payment id');
    const [order] = await loadOrderViews(db, { where: eq(orders.stripePaymentIntentId, paymentIntentId), limit: 1 });
    if (!order) throw notFound('Order not found');
    reply.header('cache-control', 'no-store');
    return order;
  });

  app.get('/orders/my-orders', { onRequest: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadOrderViews(db, { where: eq(orders.userId, request.user!.id) });
  });
};
