import type { FastifyPluginAsync } from 'fastify';
import { OutboxListQuery } from '#common/schemas/admin-outbox.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseInput } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { sendPage } from '#server/http/page-headers.ts';
import { listOutbox } from './outbox-admin-service.ts';

/** GET /api/admin/emails: what the shop sent (or, without SMTP, would have sent); admins only. */
export const outboxAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  sendNoStore(app);
  app.get('/admin/emails', { onRequest: requireAdmin }, async (request, reply) => {
    const query = parseInput(OutboxListQuery, request.query, 'Invalid list query');
    return sendPage(request, reply, await listOutbox(db, query), query);
  });
};
