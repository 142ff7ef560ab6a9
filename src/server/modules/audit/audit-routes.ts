import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEntry, AuditListQuery } from '#common/schemas/admin-audit.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AuditDeps } from './audit-deps.ts';
import { auditCsv, listAuditEvents } from './audit-log.ts';

// how many entries this instance could not write since it started: the list shows it, the log has each one
const WRITE_FAILURES_HEADER = 'X-Audit-Write-Failures';

/** The audit log; admins only. */
export const auditRoutes: FastifyPluginAsyncZod<AuditDeps> = async (app, { db, writeFailures }) => {
  sendNoStore(app);
  app.get(
    '/admin/audit',
    {
      onRequest: requireAdmin,
      config: pagedList.config,
      schema: {
        summary: 'One page of the audit trail, newest first, filtered by actor, action, entity, dates and free text',
        description: `${pagedList.description} Entries this server could not write since it started are counted in ${WRITE_FAILURES_HEADER}.`,
        querystring: AuditListQuery,
        response: { 200: z.array(AuditEntry), ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header(WRITE_FAILURES_HEADER, String(writeFailures()));
      return sendPage(request, reply, await listAuditEvents(db, request.query), request.query);
    },
  );

  app.get(
    '/admin/audit/export.csv',
    {
      onRequest: requireAdmin,
      config: pagedList.config,
      schema: {
        summary: 'The audit trail as CSV under the same filters (at most 50,000 entries, newest first)',
        description: 'Header row: occurred_at, actor, role, ip, method, route, action, entity, entity_id, status, changes, request, user_agent.',
        querystring: AuditListQuery,
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { csv, count } = await auditCsv(db, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('X-Total-Count', String(count))
        .send(csv);
    },
  );
};
