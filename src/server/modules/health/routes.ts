import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { RETRY_AFTER_SECONDS } from '#server/http/unavailable.ts';
import { createReadinessCheck } from './readiness.ts';

const Driver = z.enum(['pg', 'pglite']);

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  // liveness: the process answers; restarting it would not bring a stalled database back
  app.get(
    '/health',
    { schema: { summary: 'Liveness: the process answers', response: { 200: z.object({ status: z.literal('ok'), database: Driver }) } } },
    async () => ({ status: 'ok' as const, database: database.driver }),
  );

  // readiness: send this instance traffic only while its database answers with the expected schema
  const readiness = createReadinessCheck(database, { onError: (error) => app.log.error({ err: error }, 'readiness check failed') });
  const Ready = z.object({ status: z.literal('ready'), database: Driver, schemaVersion: z.string(), migrations: z.number().int() });
  app.get(
    '/ready',
    { schema: { summary: 'Readiness: the database answers with the expected schema', response: { 200: Ready, 503: ApiErrorBody } } },
    async (_request, reply) => {
      const result = await readiness();
      reply.header('cache-control', 'no-store');
      if (result.ready) {
        const { ready: _ready, ...details } = result;
        return { status: 'ready' as const, ...details };
      }
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: `Not ready: ${result.reason}` });
    },
  );
};
