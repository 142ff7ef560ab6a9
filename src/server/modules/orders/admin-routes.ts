import type { FastifyPluginAsync } from 'fastify';
import { ArchiveInput, OrderListQuery, OrderStatusInput, ShipInput, TrackingInput } from '#common/schemas/admin-orders.ts';
import type { ModuleDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseId, parseInput } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { sendPage } from '#server/http/page-headers.ts';
import { listAdminOrders, setFulfilmentStatus, setOrderArchived, setOrderTracking, shipOrder } from './order-admin-service.ts';

/** The orders tab and the archived orders page; admins only. */
export const orderAdminRoutes: FastifyPluginAsync<ModuleDeps> = async (app, { db, mail, cancelOrder }) => {
  sendNoStore(app);
  const deps = { db, mail };

  for (const [path, archived] of [
    ['/orders/active', false],
    ['/orders/archived', true],
  ] as const) {
    app.get(path, { onRequest: requireAdmin }, async (request, reply) => {
      const query = parseInput(OrderListQuery, request.query, 'Invalid list query');
      return sendPage(request, reply, await listAdminOrders(db, archived, query), query);
    });
  }

  app.patch('/orders/:id/status', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const { status } = parseInput(OrderStatusInput, request.body, 'Invalid status');
    const actor = `admin:${request.user!.id}` as const;
    if (status === 'cancelled') return cancelOrder(id, actor, request.log);
    return setFulfilmentStatus(deps, id, status, actor);
  });

  app.post('/orders/:id/ship', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    return shipOrder(deps, id, parseInput(ShipInput, request.body, 'Invalid shipment'), `admin:${request.user!.id}`);
  });

  app.patch('/orders/:id/tracking', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    return setOrderTracking(deps, id, parseInput(TrackingInput, request.body, 'Invalid tracking'));
  });

  app.patch('/orders/:id/archive', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const { isArchived } = parseInput(ArchiveInput, request.body);
    return setOrderArchived(db, id, isArchived);
  });
};
