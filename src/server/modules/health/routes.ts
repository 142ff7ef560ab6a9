import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { RETRY_AFTER_SECONDS } from '#server/http/errors.ts';
import { createReadinessCheck } from './readiness.ts';

export const healthRoutes: FastifyPluginAsync<AppDeps> = async (app, { database }) => {
  // liveness: the process answers; restarting it would not bring a stalled database back
  app.get('/health', async () => ({ status: 'ok', database: database.driver }));

  // readiness: send this instance traffic only while its database answers with the expected schema
  const readiness = createReadinessCheck(database, { onError: (error) => app.log.error({ err: error }, 'readiness check failed') });
  app.get('/ready', async (_request, reply) => {
    const result = await readiness();
    reply.header('cache-control', 'no-store');
    if (result.ready) {
      const { ready: _ready, ...details } = result;
      return { status: 'ready', ...details };
    }
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ message: `Not ready: ${result.reason}` });
  });
};
