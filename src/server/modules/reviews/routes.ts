import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HelpfulVoteResult,
  MyReviewResult,
  NoInput,
  OwnReview,
  ReviewInput,
  ReviewListQuery,
  ReviewPage,
  ReviewPhotoForm,
  ReviewPhotoParams,
} from '#common/schemas/reviews.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireUser } from '#server/http/auth.ts';
import { acceptMultipartForms, readsImageForm } from '#server/http/multipart-form.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { findOwnReview, listProductReviews } from './review-reads.ts';
import type { ReviewsDeps } from './reviews-deps.ts';
import { addReviewPhoto, createReview, deleteReviewPhoto, editReview, voteHelpful } from './review-writes.ts';

/** Photos are multipart: their own plugin, so the JSON routes above take no multipart bodies. */
const reviewPhotoRoutes: FastifyPluginAsyncZod<Pick<ReviewsDeps, 'db' | 'images'>> = async (photos, { db, images }) => {
  await acceptMultipartForms(photos);
  photos.post(
    '/reviews/:id/photos',
    {
      onRequest: requireUser,
      preValidation: readsImageForm('photo'),
      schema: {
        summary: 'Add a photo to your review (at most 4; the same checks as the admin uploads)',
        description: 'A multipart form with one `photo` file (at most 5 MB; JPEG, PNG, WebP, GIF or AVIF).',
        consumes: ['multipart/form-data'],
        params: IdParam,
        body: ReviewPhotoForm,
        response: { 200: OwnReview, ...errorResponses },
      },
    },
    async (request) => addReviewPhoto(db, images, request.params.id, request.user!.id, request.formImage),
  );
  photos.delete(
    '/reviews/:id/photos/:photoId',
    {
      onRequest: requireUser,
      schema: { summary: 'Remove a photo from your review', params: ReviewPhotoParams, response: { 200: OwnReview, ...errorResponses } },
    },
    async (request) => deleteReviewPhoto(db, images, request.params.id, request.params.photoId, request.user!.id),
  );
};

/** The product page's reviews, and a signed-in customer's own review, photos and helpful votes. */
export const reviewRoutes: FastifyPluginAsyncZod<Pick<ReviewsDeps, 'db' | 'images'>> = async (app, { db, images }) => {
  // answers depend on who asks (votedHelpful, isOwn): no shared cache may keep them
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-cache');
    return payload;
  });

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        summary: "A product's published reviews: the rating summary and one page under the filters",
        params: IdParam,
        querystring: ReviewListQuery,
        response: { 200: ReviewPage, ...errorResponses },
      },
    },
    async (request) => listProductReviews(db, request.params.id, request.query, request.user?.id ?? null),
  );

  app.get(
    '/products/:id/reviews/mine',
    {
      onRequest: requireUser,
      schema: {
        summary: "The signed-in customer's review of this product, in any state",
        params: IdParam,
        response: { 200: MyReviewResult, ...errorResponses },
      },
    },
    async (request) => ({ review: await findOwnReview(db, request.params.id, request.user!.id) }),
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: requireUser,
      config: { invalidInput: 'first-issue' },
      schema: {
        summary: 'Review a product (one per customer: a second is a 409, edit the first)',
        params: IdParam,
        body: ReviewInput,
        response: { 201: OwnReview, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createReview(db, request.params.id, request.user!.id, request.body)),
  );

  app.put(
    '/reviews/:id',
    {
      onRequest: requireUser,
      config: { invalidInput: 'first-issue' },
      schema: { summary: 'Edit your own review', params: IdParam, body: ReviewInput, response: { 200: OwnReview, ...errorResponses } },
    },
    async (request) => editReview(db, request.params.id, request.user!.id, request.body),
  );

  app.post(
    '/reviews/:id/helpful',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Vote a published review helpful: once per person, never your own',
        params: IdParam,
        body: NoInput,
        response: { 200: HelpfulVoteResult, ...errorResponses },
      },
    },
    async (request) => voteHelpful(db, request.params.id, request.user!.id),
  );

  await app.register(reviewPhotoRoutes, { db, images });
};
