import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicUser } from '#common/schemas/accounts.ts';
import { AcceptInvitationInput, InvitationView, RefundLimitInput, StaffInvitationInput, StaffOverview, StaffRoleInput } from '#common/schemas/staff.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { publicOrigin } from '#server/config.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { HttpError } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AccountsDeps } from './accounts-deps.ts';
import { toPublicUser } from './accounts-service.ts';
import { startSession } from './session-cookie.ts';
import { acceptInvitation, cancelInvitation, inviteStaff, readInvitation } from './staff-invitations.ts';
import { removeStaff, setStaffRole, setSupportRefundLimit, staffOverview } from './staff-service.ts';

const noContent = { 204: z.null().describe('Done'), ...errorResponses };

/** The owner's staff: roles, invitations by e-mail and support's refund limit. */
export const staffAdminRoutes: FastifyPluginAsyncZod<AccountsDeps> = async (app, { db, config, mail }) => {
  sendNoStore(app);

  app.get(
    '/admin/staff',
    {
      onRequest: requireAdmin,
      schema: { summary: 'The staff, open invitations and the support refund limit', response: { 200: StaffOverview, ...errorResponses } },
    },
    async () => staffOverview(db),
  );

  app.post(
    '/admin/staff/invitations',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid invitation' } },
      schema: { summary: 'Invite someone to the staff by e-mail, with a role', body: StaffInvitationInput, response: noContent },
    },
    async (request, reply) => {
      await inviteStaff({ db, mail }, request.user!, request.body, publicOrigin(config));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/admin/staff/invitations/:id',
    { onRequest: requireAdmin, schema: { summary: 'Withdraw an invitation not yet accepted', params: IdParam, response: noContent } },
    async (request, reply) => {
      await cancelInvitation(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/admin/staff/:id',
    {
      onRequest: requireAdmin,
      schema: {
        summary: "Change a user's staff role; the last owner keeps theirs",
        params: IdParam,
        body: StaffRoleInput,
        response: { 200: StaffOverview, ...errorResponses },
      },
    },
    async (request) => {
      await setStaffRole(db, request.user!.id, request.params.id, request.body.role);
      return staffOverview(db);
    },
  );

  app.delete(
    '/admin/staff/:id',
    {
      onRequest: requireAdmin,
      schema: { summary: 'Take someone off the staff (a customer again); never the last owner', params: IdParam, response: noContent },
    },
    async (request, reply) => {
      await removeStaff(db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/admin/staff/refund-limit',
    { onRequest: requireAdmin, schema: { summary: 'The most one refund by support staff may be, in cents', body: RefundLimitInput, response: noContent } },
    async (request, reply) => {
      await setSupportRefundLimit(db, request.body.limitCents);
      return reply.status(204).send(null);
    },
  );
};

/** The invitee's side of the link: its token is the credential, so these are open to anyone holding one. */
export const staffInvitationRoutes: FastifyPluginAsyncZod<Pick<AccountsDeps, 'db' | 'config'>> = async (app, { db, config }) => {
  sendNoStore(app);
  const tooManyAttempts = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);
  const rateLimited = { rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts } };

  app.get(
    '/staff-invitations/:token',
    {
      config: rateLimited,
      schema: {
        summary: 'What a staff invitation offers (410 once used, expired or withdrawn)',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: InvitationView, ...errorResponses },
      },
    },
    async (request) => readInvitation(db, request.params.token),
  );

  app.post(
    '/staff-invitations/accept',
    {
      config: rateLimited,
      schema: {
        summary: 'Accept a staff invitation: signed in, that account joins; otherwise a new account with a username and password',
        body: AcceptInvitationInput,
        response: { 200: PublicUser, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await acceptInvitation(db, request.user, request.body);
      if (!request.user) await startSession(db, request, reply, user.id, config.PUBLIC_URL);
      return toPublicUser(user);
    },
  );
};
