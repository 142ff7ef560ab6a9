import type { FastifyPluginAsync } from 'fastify';
import { LoginInput, RegisterInput } from '#common/schemas/accounts.ts';
import type { AppDeps } from '#server/deps.ts';
import { endSession, startSession } from './session-cookie.ts';
import { HttpError, parseInput, unauthorized } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { registerUser, signIn, toPublicUser } from './accounts-service.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_LOCKED = 'Too many failed sign-in attempts, please try again later';

export const accountsRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, config }) => {
  // who is signed in is nobody else's business: no shared or disk cache keeps these answers
  sendNoStore(app);

  // login and register are rate-limited per IP (checked before the body is read), counted in the database
  const tooManyAttempts = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);
  const rateLimited = { rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts } };
  // each answer to a registration tells whether a name or e-mail is taken: few tries per address
  const registrationLimited = {
    rateLimit: { max: config.REGISTER_RATE_LIMIT, timeWindow: '1 hour', errorResponseBuilder: tooManyAttempts },
  };

  app.get('/user', async (request) => {
    if (!request.user) throw unauthorized();
    return toPublicUser(request.user);
  });

  app.post('/register', { config: registrationLimited }, async (request, reply) => {
    const input = parseInput(RegisterInput, request.body);
    const user = await registerUser(db, input);
    await startSession(db, request, reply, user.id, config.PUBLIC_URL);
    return reply.status(201).send(toPublicUser(user));
  });

  app.post('/login', { config: rateLimited }, async (request, reply) => {
    const input = parseInput(LoginInput, request.body);
    const result = await signIn(db, input);
    if (result.kind === 'locked') {
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw new HttpError(429, ACCOUNT_LOCKED);
    }
    if (result.kind === 'wrong-credentials') throw unauthorized(INVALID_CREDENTIALS);
    await startSession(db, request, reply, result.user.id, config.PUBLIC_URL);
    return toPublicUser(result.user);
  });

  app.post('/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return { message: 'Logged out' };
  });
};
