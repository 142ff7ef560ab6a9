import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { hashToken } from './secret-token.ts';
import { createSession, deleteSession, findSessionUser } from './session-service.ts';

export const SESSION_COOKIE = 'sid';

/** Loads the signed-in user (or null) for every request that carries a session cookie. */
export function installSessions(app: FastifyInstance, db: Database): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request);
    request.user = token ? await findSessionUser(db, token) : null;
  });
}

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/**
 * Starts a fresh session (a new id at every login) and sets the cookie. Secure whenever the shop is
 * served over https, also when the proxy in front does not say so (no TRUST_PROXY): a cookie sent
 * once over plain http could be read on the way.
 */
export async function startSession(db: Database, request: FastifyRequest, reply: FastifyReply, userId: number, publicUrl?: string) {
  const previous = readSessionToken(request);
  if (previous) await deleteSession(db, previous);
  const { token, expiresAt } = await createSession(db, userId, { userAgent: request.headers['user-agent'], ip: request.ip });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || publicUrl?.startsWith('https:') === true,
    signed: true,
    expires: expiresAt,
  });
  return token;
}

/** The current session's row key, or null without a cookie. */
export function currentSessionId(request: FastifyRequest): string | null {
  const token = readSessionToken(request);
  return token ? hashToken(token) : null;
}

export async function endSession(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const token = readSessionToken(request);
  if (token) await deleteSession(db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
