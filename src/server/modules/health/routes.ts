import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps.ts';

export const healthRoutes: FastifyPluginAsync<AppDeps> = async (app, { database }) => {
  app.get('/health', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.driver };
    } catch {
      return reply.status(503).send({ message: 'Database unreachable' });
    }
  });
};
