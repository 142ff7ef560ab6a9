import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FinderRules, FinderRulesView } from '#common/schemas/paddle-finder.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { readFinderRules, resetFinderRules, saveFinderRules } from './finder-service.ts';
import type { PaddleFinderDeps } from './paddle-finder-deps.ts';

/** The owner reads, edits and resets the finder's rules; admins only. */
export const paddleFinderAdminRoutes: FastifyPluginAsyncZod<PaddleFinderDeps> = async (app, { db }) => {
  sendNoStore(app);
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/paddle-finder',
    { schema: { summary: "The paddle finder's rules, and whether they are the defaults", response: { 200: FinderRulesView, ...errorResponses } } },
    async () => readFinderRules(db),
  );

  app.put(
    '/admin/paddle-finder',
    {
      config: { invalidInput: { body: 'Invalid paddle finder rules' } },
      schema: {
        summary: "Save the paddle finder's rules",
        description: 'Every filter and preference must name a key and values the product type has; each problem is listed in `issues`.',
        body: FinderRules,
        response: { 200: FinderRulesView, ...errorResponses },
      },
    },
    async (request) => saveFinderRules(db, request.body),
  );

  app.delete(
    '/admin/paddle-finder',
    { schema: { summary: "Put the paddle finder's default rules back", response: { 200: FinderRulesView, ...errorResponses } } },
    async () => resetFinderRules(db),
  );
};
