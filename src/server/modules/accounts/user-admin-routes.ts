import type { FastifyPluginAsync } from 'fastify';
import { UserAdminInput, UserListQuery } from '#common/schemas/admin-users.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseId, parseInput } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { sendPage } from '#server/http/page-headers.ts';
import { listUserEmails, listUsers, setUserAdmin } from './user-admin-service.ts';

/** The users tab; admins only. */
export const userAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  sendNoStore(app);
  app.get('/users', { onRequest: requireAdmin }, async (request, reply) => {
    const query = parseInput(UserListQuery, request.query, 'Invalid list query');
    return sendPage(request, reply, await listUsers(db, query), query);
  });

  app.get('/users/emails', { onRequest: requireAdmin }, async () => ({ emails: await listUserEmails(db) }));

  app.patch('/users/:id/admin', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const { isAdmin } = parseInput(UserAdminInput, request.body);
    // requireAdmin has run, so there is a user
    return setUserAdmin(db, request.user!.id, id, isAdmin);
  });
};
