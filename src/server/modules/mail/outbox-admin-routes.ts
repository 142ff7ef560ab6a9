import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxEmail, OutboxListQuery } from '#common/schemas/admin-outbox.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { listOutbox } from './outbox-admin-service.ts';

/** GET /api/admin/emails: what the shop sent (or, without SMTP, would have sent); admins only. */
export const outboxAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  sendNoStore(app);
  app.get(
    '/admin/emails',
    {
      onRequest: requireAdmin,
      config: pagedList.config,
      schema: {
        summary: 'One page of the e-mails the shop sent or stored, newest first',
        description: pagedList.description,
        querystring: OutboxListQuery,
        response: { 200: z.array(OutboxEmail), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(request, reply, await listOutbox(db, request.query), request.query),
  );
};
