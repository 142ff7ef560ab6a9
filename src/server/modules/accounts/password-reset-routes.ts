import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_RESET_REQUESTED, PasswordReset, PasswordResetRequest, PublicUser } from '#common/schemas/accounts.ts';
import { publicOrigin } from '#server/config.ts';
import { HttpError } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { countHit } from '#server/http/rate-limit-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AccountsDeps } from './accounts-deps.ts';
import { toPublicUser } from './accounts-service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { startSession } from './session-cookie.ts';

/** Reset e-mails one address may be sent per hour, whoever asks: nobody can flood an inbox. */
export const RESET_REQUESTS_PER_EMAIL = 3;
const EMAIL_WINDOW_MS = 60 * 60 * 1000;

export const RESET_LINK_INVALID = 'This password reset link is invalid, used or expired. Please ask for a new one.';
export const TOO_MANY_RESET_REQUESTS = 'Too many reset requests for this address, please try again later';

export const passwordResetRoutes: FastifyPluginAsyncZod<AccountsDeps> = async (app, { db, config, mail }) => {
  sendNoStore(app);
  const tooManyAttempts = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);
  const perIp = {
    rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts },
    invalidInput: 'first-issue' as const,
  };

  // the e-mail goes out after the answer: a known address must not answer slower than an unknown one
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  app.post(
    '/forgot-password',
    {
      config: perIp,
      schema: {
        summary: 'E-mail a link to choose a new password (the same answer whether or not the address has an account)',
        body: PasswordResetRequest,
        response: { 202: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // counted per address typed, known or not, so the limit itself tells nothing either
      const hits = await countHit(db, `password-reset-email ${email}`, EMAIL_WINDOW_MS);
      if (hits.current > RESET_REQUESTS_PER_EMAIL) {
        reply.header('retry-after', String(Math.ceil(hits.ttl / 1000)));
        throw new HttpError(429, TOO_MANY_RESET_REQUESTS);
      }
      // the configured address, never the request's Host: whoever asks could send a victim's live token to their own site
      const work = requestPasswordReset({ db, mail }, email, publicOrigin(config))
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  app.post(
    '/reset-password',
    {
      config: perIp,
      schema: {
        summary: "Set a new password with the e-mailed link's token; ends every session of the account and signs in",
        body: PasswordReset,
        response: { 200: PublicUser, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await resetPassword(db, request.body);
      if (!user) throw new HttpError(400, RESET_LINK_INVALID);
      await startSession(db, request, reply, user.id, config.PUBLIC_URL);
      return toPublicUser(user);
    },
  );
};
