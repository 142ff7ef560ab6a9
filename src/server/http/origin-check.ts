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
 * A state-changing request that carries our session cookie must come from our own origin (Origin,
 * else Referer), on top of SameSite=Lax. Without either header, or with an opaque (`null`) or
 * unparseable one, its origin is unknown and it is refused too: browsers send Origin on every such
 * request, so only odd clients and sandboxed or privacy-stripped forged requests lack it.
 * Requests without the cookie (provider webhooks, API clients) have no session to abuse.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.headers.cookie?.includes('sid=')) return;
    const { origin, referer } = request.headers;
    const source = origin !== undefined ? originOf(origin) : originOf(referer);
    if (source === null || !ownOrigins(request, publicUrl).includes(source)) throw forbidden('Cross-origin request refused');
  });
}
