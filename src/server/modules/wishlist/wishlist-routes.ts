import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WishlistItemsQuery, WishlistList, WishlistMergeInput, WishlistVariantParam } from '#common/schemas/wishlist.ts';
import { requireUser } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { WishlistDeps } from './wishlist-deps.ts';
import { addToWishlist, describeWishlistVariants, listWishlist, mergeWishlist, removeFromWishlist } from './wishlist-service.ts';

/** The signed-in shopper's wishlist (docs/decisions/062); a guest's stays in the browser and is merged at sign-in. */
export const wishlistRoutes: FastifyPluginAsyncZod<WishlistDeps> = async (app, { db }) => {
  // one shopper's list: no shared or disk cache keeps it
  sendNoStore(app);
  const list = { 200: WishlistList, ...errorResponses };

  app.get(
    '/wishlist',
    { onRequest: requireUser, schema: { summary: 'Your wishlist, newest first, with price and stock now', response: list } },
    async (request) => ({ items: await listWishlist(db, request.user!.id) }),
  );

  app.get(
    '/wishlist/items',
    {
      schema: {
        summary: "A guest's wishlist (variant ids kept in the browser) as the wishlist page shows it; unknown ids are absent",
        querystring: WishlistItemsQuery,
        response: list,
      },
    },
    async (request) => ({ items: await describeWishlistVariants(db, request.query.ids) }),
  );

  app.put(
    '/wishlist/:variantId',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Add a variant to your wishlist (201; already there: 200, still one entry)',
        params: WishlistVariantParam,
        response: { 200: z.object({ added: z.boolean() }), 201: z.object({ added: z.boolean() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const added = await addToWishlist(db, request.user!.id, request.params.variantId);
      return reply.status(added ? 201 : 200).send({ added });
    },
  );

  app.delete(
    '/wishlist/:variantId',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Take a variant off your wishlist (204, also when it was not there)',
        params: WishlistVariantParam,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeFromWishlist(db, request.user!.id, request.params.variantId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/wishlist/merge',
    {
      onRequest: requireUser,
      schema: {
        summary: "Add a guest's wishlist (kept in the browser) to your account at sign-in; answers the merged list",
        body: WishlistMergeInput,
        response: list,
      },
    },
    async (request) => {
      await mergeWishlist(db, request.user!.id, request.body.variantIds);
      return { items: await listWishlist(db, request.user!.id) };
    },
  );
};
