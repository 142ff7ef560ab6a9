import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxEmail, OutboxListQuery } from '#common/schemas/admin-outbox.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { MailService } from './mail-service.ts';
import { listOutbox, retryOutboxEmail } from './outbox-admin-service.ts';

/** GET /api/admin/emails: what the shop sent (or, without SMTP, would have sent); POST .../retry queues a failed one again. Admins only. */
export const outboxAdminRoutes: FastifyPluginAsyncZod<{ db: Database; mail: MailService }> = async (app, { db, mail }) => {
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
  app.post(
    '/admin/emails/:id/retry',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Queue a failed e-mail again',
        params: IdParam,
        response: { 200: OutboxEmail, ...errorResponses },
      },
    },
    async (request) => retryOutboxEmail({ db, mail }, request.params.id),
  );
};
