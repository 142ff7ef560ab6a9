import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function ownOrigins(request: FastifyRequest, publicUrl: string | undefined): string[] {
  // request.host and request.protocol follow X-Forwarded-* only when TRUST_PROXY is set;
  // through URL like the request's Origin, so a default port (":80", ":443") compares equal
  const own = request.host ? originOf(`${request.protocol}://${request.host}`) : null;
  return [own, originOf(publicUrl)].filter((origin): origin is string => origin !== null);
}

/**
 * DESIGN.md §5: a state-changing request that carries our session cookie must come from our
 * own origin (Origin, else Referer), on top of SameSite=Lax. Requests without the cookie
 * (provider webhooks, API clients) have no session to abuse.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.headers.cookie?.includes('sid=')) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === null) return;
    if (!ownOrigins(request, publicUrl).includes(origin)) throw forbidden('Cross-origin request refused');
  });
}
