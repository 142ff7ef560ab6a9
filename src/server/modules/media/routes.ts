import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import type { AppDeps } from '#server/deps.ts';
import { notFound } from '#server/http/errors.ts';
import { UPLOAD_FILE_NAME, uploadsDir } from './media-service.ts';

/**
 * GET /uploads/<file>: registered at the root, not under /api. Only plain names we could
 * have written are looked up (UPLOAD_FILE_NAME), so dot segments, slashes and encoded
 * tricks are a 404 before the file system is touched. Names are random and never reused,
 * hence the year-long immutable cache.
 */
export const mediaRoutes: FastifyPluginAsync<AppDeps> = async (app, { dataDir }) => {
  const dir = uploadsDir(dataDir);

  const schema = { summary: 'An uploaded image (WebP)', tags: ['Media'], response: { 404: ApiErrorBody } };
  app.get('/uploads/*', { schema }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    if (!UPLOAD_FILE_NAME.test(name)) throw notFound();
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, name));
    } catch {
      throw notFound();
    }
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
};
