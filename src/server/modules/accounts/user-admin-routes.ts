import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailList, UserAdminInput, UserListQuery, UserRow } from '#common/schemas/admin-users.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AccountsDeps } from './accounts-deps.ts';
import { customersCsv, listUserEmails, listUsers, setUserAdmin } from './user-admin-service.ts';

/** The users tab; admins only. */
export const userAdminRoutes: FastifyPluginAsyncZod<Pick<AccountsDeps, 'db'>> = async (app, { db }) => {
  sendNoStore(app);
  app.get(
    '/users',
    {
      onRequest: requireAdmin,
      config: pagedList.config,
      schema: {
        summary: 'One page of accounts, optionally matching a search on username or e-mail',
        description: pagedList.description,
        querystring: UserListQuery,
        response: { 200: z.array(UserRow), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(request, reply, await listUsers(db, request.query), request.query),
  );

  app.get(
    '/users/emails',
    { onRequest: requireAdmin, schema: { summary: 'Every e-mail address on an account', response: { 200: EmailList, ...errorResponses } } },
    async () => ({ emails: await listUserEmails(db) }),
  );

  app.get(
    '/users/customers.csv',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Every account with an e-mail address as CSV, with its marketing consent',
        description:
          'Header row: email, username, full_name, marketing_consent (yes or no), marketing_consent_at, registered_at. The number of rows is in X-Total-Count.',
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const { csv, count } = await customersCsv(db);
      const fileName = `pickleball-user-emails-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('X-Total-Count', String(count))
        .send(csv);
    },
  );

  app.patch(
    '/users/:id/admin',
    {
      onRequest: requireAdmin,
      schema: { summary: 'Grant or take away admin rights', params: IdParam, body: UserAdminInput, response: { 200: UserRow, ...errorResponses } },
    },
    // requireAdmin has run, so there is a user
    async (request) => setUserAdmin(db, request.user!.id, request.params.id, request.body.isAdmin),
  );
};
