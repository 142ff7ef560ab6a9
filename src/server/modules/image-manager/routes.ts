import type { FastifyPluginAsync } from 'fastify';
import { AssociateImageInput } from '#common/schemas/admin-images.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseInput } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { associateImage, findBrokenImages, findPotentialMatches } from './image-manager-service.ts';

const ProductIdParam = AssociateImageInput.pick({ productId: true });

/** Image-manager tab: find broken product images and re-link upload files; admins only. */
export const imageManagerRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, dataDir }) => {
  sendNoStore(app);
  app.get('/image-manager/broken-images', { onRequest: requireAdmin }, async () => ({
    brokenImages: await findBrokenImages(db, dataDir),
  }));

  app.get('/image-manager/potential-matches/:productId', { onRequest: requireAdmin }, async (request) => {
    const { productId } = parseInput(ProductIdParam, request.params, 'Invalid product id');
    return findPotentialMatches(db, dataDir, productId);
  });

  app.post('/image-manager/associate-image', { onRequest: requireAdmin }, async (request) => {
    const { productId, filename } = parseInput(AssociateImageInput, request.body);
    return associateImage(db, dataDir, productId, filename);
  });
};
