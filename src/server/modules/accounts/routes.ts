import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginInput, ProfileUpdate, PublicUser, RegisterInput } from '#common/schemas/accounts.ts';
import { publicOrigin } from '#server/config.ts';
import { endSession, startSession } from './session-cookie.ts';
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AccountsDeps } from './accounts-deps.ts';
import { registerUser, signIn, toPublicUser, updateProfile } from './accounts-service.ts';
import { followConsentOnNewsletter, signUpAtRegistration } from './consent-newsletter.ts';
import type { NewsletterDeps } from '#server/modules/newsletter/newsletter-service.ts';
import { startPendingLogin } from './two-factor.ts';
import { TwoFactorChallenge } from '#common/schemas/two-factor.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_LOCKED = 'Too many failed sign-in attempts, please try again later';

/** The profile's marketing box (and the registration's newsletter box) also signs the account's address up to the newsletter, or off it (decision 056). */
type AccountsRouteDeps = AccountsDeps & { newsletter: NewsletterDeps };

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRouteDeps> = async (app, { db, config, mail, newsletter }) => {
  // who is signed in is nobody else's business: no shared or disk cache keeps these answers
  sendNoStore(app);

  // login and register are rate-limited per IP (checked before the body is read), counted in the database
  const tooManyAttempts = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);
  const rateLimited = { rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts } };
  // each answer to a registration tells whether a name or e-mail is taken (decision 036): few tries per address
  const registrationLimited = {
    rateLimit: { max: config.REGISTER_RATE_LIMIT, timeWindow: '1 hour', errorResponseBuilder: tooManyAttempts },
  };

  const user = { 200: PublicUser, ...errorResponses };
  app.get('/user', { schema: { summary: 'Who is signed in (401 when nobody is)', response: user } }, async (request) => {
    if (!request.user) throw unauthorized();
    return toPublicUser(request.user);
  });

  app.patch('/user', { schema: { summary: "Save the signed-in shopper's own details", body: ProfileUpdate, response: user } }, async (request) => {
    if (!request.user) throw unauthorized();
    const updated = await updateProfile(db, request.user.id, request.body);
    if (!updated) throw unauthorized();
    if (request.body.marketingConsent !== undefined) await followConsentOnNewsletter(newsletter, updated, request.body.marketingConsent);
    return toPublicUser(updated);
  });

  app.post(
    '/register',
    {
      config: registrationLimited,
      schema: { summary: 'Create a shopper account and sign in', body: RegisterInput, response: { 201: PublicUser, ...errorResponses } },
    },
    async (request, reply) => {
      const user = await registerUser({ db, mail, shopOrigin: publicOrigin(config), log: request.log }, request.body);
      if (request.body.newsletter === true) {
        // the account exists and is answered for: a failed sign-up is logged, not a failed registration
        await signUpAtRegistration(newsletter, user).catch((failure: unknown) =>
          request.log.error({ err: failure }, 'newsletter sign-up at registration failed'),
        );
      }
      await startSession(db, request, reply, user.id, config.PUBLIC_URL);
      return reply.status(201).send(toPublicUser(user));
    },
  );

  app.post(
    '/login',
    {
      config: rateLimited,
      schema: {
        summary:
          'Sign in with username or e-mail, and password. For an account with two-factor sign-in the answer is 202 with a login token for POST /api/login/two-factor, and no session yet',
        body: LoginInput,
        response: { ...user, 202: TwoFactorChallenge },
      },
    },
    async (request, reply) => {
      const result = await signIn(db, request.body);
      // the audit trail (decision 053): the name as typed, the account once known; the status tells the outcome
      const tried = { id: null, username: request.body.username };
      if (result.kind === 'locked') {
        request.audit({ action: 'sign-in.locked', actor: tried });
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, ACCOUNT_LOCKED);
      }
      if (result.kind === 'wrong-credentials') {
        request.audit({ action: 'sign-in.failed', actor: tried });
        throw unauthorized(INVALID_CREDENTIALS);
      }
      const account = { id: result.user.id, username: result.user.username };
      if (result.kind === 'second-factor-needed') {
        request.audit({ action: 'sign-in.password-passed', actor: account, entityType: 'user', entityId: account.id });
        const pending = await startPendingLogin(db, result.user.id);
        return reply.status(202).send({ twoFactorRequired: true, loginToken: pending.loginToken, expiresAt: pending.expiresAt.toISOString() });
      }
      request.audit({ action: 'sign-in.succeeded', actor: account, entityType: 'user', entityId: account.id });
      await startSession(db, request, reply, result.user.id, config.PUBLIC_URL);
      return toPublicUser(result.user);
    },
  );

  app.post('/logout', { schema: { summary: 'Sign out', response: { 200: z.object({ message: z.string() }) } } }, async (request, reply) => {
    await endSession(db, request, reply);
    return { message: 'Logged out' };
  });
};
