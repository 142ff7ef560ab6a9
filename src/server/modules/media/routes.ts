import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import { notFound } from '#server/http/errors.ts';
import type { ImageStore } from './image-store-service.ts';
import { UPLOAD_FILE_NAME } from './media-service.ts';

/** One entity tag from If-None-Match (weak or strong, as browsers send back what they got); lists and "*" are not worth a store's time. */
function askedTag(header: string | undefined): string | undefined {
  const match = header?.trim().match(/^(?:W\/)?("[^"]*")$/);
  return match?.[1];
}

/**
 * GET /uploads/<file>: registered at the root, not under /api, and answered from the image store
 * (local disk or S3, decision 029) whichever instance uploaded it. Only plain names we could have
 * written are looked up (UPLOAD_FILE_NAME), so dot segments, slashes and encoded tricks are a 404
 * before the store is asked. Names are random and never reused, hence the year-long immutable cache.
 */
export const mediaRoutes: FastifyPluginAsync<{ images: ImageStore }> = async (app, { images }) => {
  const schema = {
    summary: 'An uploaded image (WebP)',
    tags: ['Media'],
    response: { 304: z.null().describe('Not modified: the If-None-Match tag is current'), 404: ApiErrorBody, 503: ApiErrorBody },
  };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = (request.params as { '*': string })['*'];
    if (!UPLOAD_FILE_NAME.test(name)) throw notFound();
    const ifNoneMatch = askedTag(request.headers['if-none-match']);
    const found = request.method === 'HEAD' ? await images.head(name) : await images.open(name, ifNoneMatch);
    if (!found) throw notFound();
    reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
    if (found === 'unchanged') return reply.header('etag', ifNoneMatch).code(304).send();
    reply.header('etag', found.etag);
    if (found.etag === ifNoneMatch) return reply.code(304).send();
    reply.header('content-length', String(found.size));
    return 'body' in found ? reply.send(found.body) : reply.send();
  };
  app.get('/uploads/*', { schema, exposeHeadRoute: false }, serve);
  // HEAD asks the store for the length only, instead of Fastify's default of running GET and draining the
  // body; the API reference lists GET alone, as for every other route
  app.head('/uploads/*', { schema: { ...schema, hide: true } }, serve);
};
