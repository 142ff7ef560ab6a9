import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { listOutbox } from './outbox-admin-service.ts';

/** GET /api/admin/emails: what the shop sent (or, without SMTP, would have sent); admins only. */
export const outboxAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  app.get('/admin/emails', { onRequest: requireAdmin }, async (_request, reply) => {
    // the messages hold customer addresses and order details: never cached on the way
    reply.header('cache-control', 'no-store');
    return listOutbox(db);
  });
};
