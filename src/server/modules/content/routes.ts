import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { getContactInfo, getPolicies, getPublicConfig, getSiteSettings } from './content-service.ts';

export const contentRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, config }) => {
  app.get('/site-settings', async () => getSiteSettings(db));
  app.get('/contact-info', async () => getContactInfo(db));
  app.get('/policies', async () => getPolicies(db));
  const publicConfig = getPublicConfig(config);
  app.get('/config', async () => publicConfig);
};
