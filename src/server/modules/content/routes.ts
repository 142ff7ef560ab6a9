import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactInfo, Policies, PublicConfig, SiteSettings } from '#common/schemas/content.ts';
import type { ContentDeps } from './content-deps.ts';
import { getContactInfo, getPolicies, getPublicConfig, getSiteSettings } from './content-service.ts';

export const contentRoutes: FastifyPluginAsyncZod<Pick<ContentDeps, 'db' | 'config'>> = async (app, { db, config }) => {
  app.get('/site-settings', { schema: { summary: 'Shop name, texts, colours and hero image', response: { 200: SiteSettings } } }, async () =>
    getSiteSettings(db),
  );
  app.get('/contact-info', { schema: { summary: 'How to reach the shop', response: { 200: ContactInfo } } }, async () => getContactInfo(db));
  app.get('/policies', { schema: { summary: 'Shipping, returns and privacy policies', response: { 200: Policies } } }, async () => getPolicies(db));
  const publicConfig = getPublicConfig(config);
  app.get('/config', { schema: { summary: 'Which payment, tax and mail providers the shop uses', response: { 200: PublicConfig } } }, async () => publicConfig);
};
