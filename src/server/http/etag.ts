import { hash } from 'node:crypto';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

// Strong ETags of the bytes that leave, so each encoding of an answer has its own tag (RFC 9110 asks
// this of strong validators) and the hash reads the compressed body, a fifth of the JSON. Compression
// adds its onSend hook to every route as the route is declared; installed after it, ours runs second.
// A route that sets its own ETag keeps it and still gets its 304.

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for it). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag.trim()) === opaque(etag));
}

/** The strong tag of the bytes that leave (a route that encodes its own body tags it with this too). */
export function etagOf(bytes: string | Buffer): string {
  return `"${hash('sha1', bytes, 'base64')}"`;
}

const READS = new Set(['GET', 'HEAD']);

const tagged: onSendHookHandler = (request, reply, payload, done) => {
  // a stream (an uploaded image) is left to its route, which answers its own conditional requests: a 304
  // here would drop the stream unclosed
  if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || reply.statusCode >= 300) return done(null, payload);
  let etag = reply.getHeader('etag');
  if (typeof etag !== 'string') {
    etag = etagOf(payload);
    reply.header('etag', etag);
  }
  // only a read is "not modified": a write has already happened, and its client must hear how it went
  // (RFC 9110 gives a write's failed If-None-Match a 412 before it runs, never a 304 after)
  if (reply.statusCode === 200 && READS.has(request.method) && etagMatches(request.headers['if-none-match'], etag)) {
    // the 200's Content-Length (of the encoded body) may stay; no body is sent
    reply.code(304);
    return done(null, null);
  }
  done(null, payload);
};

/** Install after @fastify/compress and before any route. */
export function installEtags(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.onSend = route.onSend === undefined ? [tagged] : [...(Array.isArray(route.onSend) ? route.onSend : [route.onSend]), tagged];
  });
}
