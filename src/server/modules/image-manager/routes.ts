import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssociateImageInput, AssociateImageResult, BrokenImageList, PotentialMatches } from '#common/schemas/admin-images.ts';
import type { Database } from '#server/db/client.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { associateImage, findBrokenImages, findPotentialMatches, type SetProductCover } from './image-manager-service.ts';

const ProductIdParam = AssociateImageInput.pick({ productId: true });

/** Image-manager tab: find broken product images and re-link upload files; admins only. */
export const imageManagerRoutes: FastifyPluginAsyncZod<{ db: Database; images: ImageStore; setProductCover: SetProductCover }> = async (
  app,
  { db, images, setProductCover },
) => {
  sendNoStore(app);
  app.get(
    '/image-manager/broken-images',
    { onRequest: requireAdmin, schema: { summary: 'Products whose image is missing or unreadable', response: { 200: BrokenImageList, ...errorResponses } } },
    async () => ({ brokenImages: await findBrokenImages(db, images) }),
  );

  app.get(
    '/image-manager/potential-matches/:productId',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { params: 'Invalid product id' } },
      schema: { summary: 'Uploaded files that may be the image of a product', params: ProductIdParam, response: { 200: PotentialMatches, ...errorResponses } },
    },
    async (request) => findPotentialMatches(db, images, request.params.productId),
  );

  app.post(
    '/image-manager/associate-image',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Give a product an uploaded file as its image',
        body: AssociateImageInput,
        response: { 200: AssociateImageResult, ...errorResponses },
      },
    },
    async (request) => associateImage({ db, images, setProductCover }, request.body.productId, request.body.filename),
  );
};
