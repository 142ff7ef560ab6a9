import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeLayout, HomeLayoutInput, HomePreviewInput, HomeView } from '#common/schemas/home.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { HomeDeps } from './home-deps.ts';
import { getHomeLayout, previewHome, saveHomeLayout } from './home-service.ts';

/** The owner's home page sections: read, preview a draft, save; owner and manager (route-permissions.ts). */
export const homeAdminRoutes: FastifyPluginAsyncZod<HomeDeps> = async (app, { db, catalog }) => {
  sendNoStore(app);
  app.addHook('onRequest', requireAdmin);

  app.get('/admin/home', { schema: { summary: "The home page's sections as saved", response: { 200: HomeLayout, ...errorResponses } } }, async () =>
    getHomeLayout(db),
  );

  app.put(
    '/admin/home',
    {
      config: { invalidInput: { body: 'Invalid home page' } },
      schema: {
        summary: "Save the home page's sections in order",
        description: 'The whole list, with the version it was edited from: a save made from an older version is refused (409).',
        body: HomeLayoutInput,
        response: { 200: HomeLayout, ...errorResponses },
      },
    },
    async (request) => saveHomeLayout(db, request.body),
  );

  app.post(
    '/admin/home/preview',
    {
      config: { invalidInput: { body: 'Invalid home page' } },
      schema: {
        summary: 'A draft of the sections resolved as the storefront would show it; nothing is saved',
        body: HomePreviewInput,
        response: { 200: HomeView, ...errorResponses },
      },
    },
    async (request) => previewHome(db, catalog, request.body.sections),
  );
};
