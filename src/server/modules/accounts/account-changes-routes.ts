import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangeEmailInput, ChangePasswordInput, ConfirmEmailChangeInput, EMAIL_CHANGE_REQUESTED } from '#common/schemas/accounts.ts';
import { publicOrigin } from '#server/config.ts';
import { requireUser } from '#server/http/auth.ts';
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { countHit } from '#server/http/rate-limit-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AccountsDeps } from './accounts-deps.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.ts';
import { changePassword } from './password-change.ts';
import { ACCOUNT_LOCKED } from './routes.ts';
import { readSessionToken } from './session-cookie.ts';

/** Confirmation e-mails one account may send per hour: nobody can flood an inbox through the profile. */
export const EMAIL_CHANGES_PER_HOUR = 3;
const EMAIL_CHANGE_WINDOW_MS = 60 * 60 * 1000;

export const TOO_MANY_EMAIL_CHANGES = 'Too many email change requests, please try again later';
export const PASSWORD_CHANGED = 'Password changed. You were signed out everywhere else.';
export const EMAIL_CHANGED = 'Your email address is changed.';

const Message = z.object({ message: z.string() });

/** The profile's e-mail and password changes, and the link that confirms a new address. */
export const accountChangeRoutes: FastifyPluginAsyncZod<AccountsDeps> = async (app, { db, config, mail }) => {
  sendNoStore(app);
  const tooManyAttempts = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);
  // each request checks a password: the sign-in's limit per IP, and the form shows the first issue beside its field
  const perIp = {
    rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts },
    invalidInput: 'first-issue' as const,
  };

  // the e-mail goes out after the answer, as the password reset's
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  app.post(
    '/account/email',
    {
      onRequest: requireUser,
      config: perIp,
      schema: {
        summary: 'Ask to change your e-mail address: a confirmation link goes to the new one (the same answer whether or not it is taken)',
        body: ChangeEmailInput,
        response: { 202: Message, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      // counted per account before anything else, so a refused request does not replace the live link either
      const hits = await countHit(db, `email-change ${user.id}`, EMAIL_CHANGE_WINDOW_MS);
      if (hits.current > EMAIL_CHANGES_PER_HOUR) {
        reply.header('retry-after', String(Math.ceil(hits.ttl / 1000)));
        throw new HttpError(429, TOO_MANY_EMAIL_CHANGES);
      }
      const result = await requestEmailChange({ db, mail }, user, request.body, publicOrigin(config));
      if (result.kind === 'locked') {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, ACCOUNT_LOCKED);
      }
      const work = result
        .send()
        .catch((error: unknown) => request.log.error({ err: error }, 'e-mail change confirmation failed'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return reply.status(202).send({ message: EMAIL_CHANGE_REQUESTED });
    },
  );

  app.post(
    '/account/email/confirm',
    {
      config: perIp,
      schema: {
        summary: "Confirm a new e-mail address with the link's token (no sign-in needed: the link may be opened elsewhere)",
        body: ConfirmEmailChangeInput,
        response: { 200: z.object({ message: z.string(), email: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const { email } = await confirmEmailChange({ db, mail, log: request.log }, request.body.token);
      return { message: EMAIL_CHANGED, email };
    },
  );

  app.post(
    '/account/password',
    {
      onRequest: requireUser,
      config: perIp,
      schema: {
        summary: 'Change your password (the current one first); every other session of the account ends',
        body: ChangePasswordInput,
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = readSessionToken(request);
      if (!token) throw unauthorized();
      const result = await changePassword(db, request.user!, request.body, token);
      if (result.kind === 'locked') {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, ACCOUNT_LOCKED);
      }
      return { message: PASSWORD_CHANGED };
    },
  );
};
