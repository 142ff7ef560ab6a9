import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { listOutbox } from './outbox-admin-service.ts';

/** GET /api/admin/emails: what the shop sent (or, without SMTP, would have sent); admins only. */
export const outboxAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  sendNoStore(app);
  app.get('/admin/emails', { onRequest: requireAdmin }, async () => listOutbox(db));
};
