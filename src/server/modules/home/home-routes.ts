import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeView } from '#common/schemas/home.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { HomeDeps } from './home-deps.ts';
import { readHome } from './home-service.ts';

/** The storefront's home page sections, resolved; kept by the response cache like the other catalogue reads. */
export const homeRoutes: FastifyPluginAsyncZod<HomeDeps> = async (app, { db, catalog }) => {
  app.get(
    '/home',
    {
      schema: {
        summary: "The home page's sections in order, resolved",
        description:
          "Product grids carry their products (by rule: bestsellers from paid orders, new arrivals, top rated, featured; or the owner's list), category tiles their pictures, the review strip its reviews.",
        response: { 200: HomeView, ...errorResponses },
      },
    },
    async () => readHome(db, catalog),
  );
};
