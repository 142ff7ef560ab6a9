import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicUser } from '#common/schemas/accounts.ts';
import {
  AccountSessions,
  AdminSecuritySettings,
  DisableTwoFactorInput,
  RecoveryCodes,
  SessionIdParams,
  TwoFactorCodeInput,
  TwoFactorLoginInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '#common/schemas/two-factor.ts';
import { requireAdmin, requireUser } from '#server/http/auth.ts';
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AccountsDeps } from './accounts-deps.ts';
import { toPublicUser } from './accounts-service.ts';
import { ACCOUNT_LOCKED } from './routes.ts';
import { currentSessionId, startSession } from './session-cookie.ts';
import { endOtherSessions, endSessionOf, listSessions } from './session-list.ts';
import { findSessionUser } from './session-service.ts';
import {
  adminTwoFactorRequired,
  completePendingLogin,
  pendingLoginUser,
  confirmEnrolment,
  disableTwoFactor,
  setAdminTwoFactorRequired,
  startEnrolment,
  twoFactorStatus,
} from './two-factor.ts';

export const TWO_FACTOR_OFF = 'Two-factor sign-in is off';

const Message = z.object({ message: z.string() });

/** Two-factor sign-in (the code after the password, set-up, turning it off), one's own sessions, and the owner's rule. */
export const twoFactorRoutes: FastifyPluginAsyncZod<Pick<AccountsDeps, 'db' | 'config'>> = async (app, { db, config }) => {
  sendNoStore(app);
  const tooManyAttempts = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);
  // every route here checks a code or a password: the sign-in's limit per IP, and the first issue beside its field
  const perIp = {
    rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts },
    invalidInput: 'first-issue' as const,
  };
  const sessionId = (request: Parameters<typeof currentSessionId>[0]) => {
    const id = currentSessionId(request);
    if (!id) throw unauthorized();
    return id;
  };

  app.post(
    '/login/two-factor',
    {
      config: perIp,
      schema: {
        summary: "Sign-in's second step: the login token from POST /api/login and a code from the app or a recovery code",
        body: TwoFactorLoginInput,
        response: { 200: PublicUser, ...errorResponses },
      },
    },
    async (request, reply) => {
      // the audit trail (decision 053): a wrong code is recorded against the account whose sign-in waits for it
      const waiting = await pendingLoginUser(db, request.body.loginToken);
      request.audit({ action: 'sign-in.two-factor.failed', actor: waiting ?? { id: null, username: null } });
      const result = await completePendingLogin(db, request.body.loginToken, request.body.code);
      if (result.kind === 'locked') {
        request.audit({ action: 'sign-in.two-factor.locked' });
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, ACCOUNT_LOCKED);
      }
      const token = await startSession(db, request, reply, result.userId, config.PUBLIC_URL);
      const user = await findSessionUser(db, token);
      if (!user) throw unauthorized();
      request.audit({ action: 'sign-in.two-factor.succeeded', actor: { id: user.id, username: user.username }, entityType: 'user', entityId: user.id });
      return toPublicUser(user);
    },
  );

  app.get(
    '/account/two-factor',
    {
      onRequest: requireUser,
      schema: { summary: 'Whether you have two-factor sign-in, and recovery codes left', response: { 200: TwoFactorStatus, ...errorResponses } },
    },
    async (request) => twoFactorStatus(db, request.user!),
  );

  app.post(
    '/account/two-factor/setup',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Start two-factor set-up (staff): a new secret for an authenticator app, with its QR code',
        response: { 200: TwoFactorSetup, ...errorResponses },
      },
    },
    async (request) => startEnrolment(db, request.user!),
  );

  app.post(
    '/account/two-factor/confirm',
    {
      onRequest: requireUser,
      config: perIp,
      schema: {
        summary: "Turn two-factor sign-in on with the app's first code; answers the ten recovery codes, shown this once",
        body: TwoFactorCodeInput,
        response: { 200: RecoveryCodes, ...errorResponses },
      },
    },
    async (request) => ({ recoveryCodes: await confirmEnrolment(db, request.user!, request.body.code) }),
  );

  app.post(
    '/account/two-factor/disable',
    {
      onRequest: requireUser,
      config: perIp,
      schema: { summary: 'Turn two-factor sign-in off: your password and a code', body: DisableTwoFactorInput, response: { 200: Message, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await disableTwoFactor(db, request.user!, request.body.password, request.body.code);
      if (result.kind === 'locked') {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, ACCOUNT_LOCKED);
      }
      return { message: TWO_FACTOR_OFF };
    },
  );

  app.get(
    '/account/sessions',
    { onRequest: requireUser, schema: { summary: 'Your signed-in sessions, the newest first', response: { 200: AccountSessions, ...errorResponses } } },
    async (request) => {
      const rows = await listSessions(db, request.user!.id, sessionId(request));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastSeenAt: row.lastSeenAt?.toISOString() ?? null }));
    },
  );

  app.delete(
    '/account/sessions/:id',
    { onRequest: requireUser, schema: { summary: 'End another of your sessions', params: SessionIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await endSessionOf(db, request.user!.id, sessionId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/account/sessions/end-others',
    {
      onRequest: requireUser,
      schema: { summary: 'End every session of yours but this one', response: { 200: z.object({ ended: z.int() }), ...errorResponses } },
    },
    async (request) => ({ ended: await endOtherSessions(db, request.user!.id, sessionId(request)) }),
  );

  app.get(
    '/admin/security',
    { onRequest: requireAdmin, schema: { summary: "The shop's sign-in rules", response: { 200: AdminSecuritySettings, ...errorResponses } } },
    async () => ({ requireAdminTwoFactor: await adminTwoFactorRequired(db) }),
  );

  app.put(
    '/admin/security',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Require two-factor sign-in of every admin (yours must be on first)',
        body: AdminSecuritySettings,
        response: { 200: AdminSecuritySettings, ...errorResponses },
      },
    },
    async (request) => {
      await setAdminTwoFactorRequired(db, request.user!, request.body.requireAdminTwoFactor);
      return { requireAdminTwoFactor: request.body.requireAdminTwoFactor };
    },
  );
};
