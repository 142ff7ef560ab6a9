import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminReview, AdminReviewList, AdminReviewListQuery, NoInput, OwnerReplyInput, ReviewSettings } from '#common/schemas/reviews.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { publicOrigin } from '#server/config.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { moderateReview, readReviewSettings, replyToReview, saveReviewSettings } from './review-moderation.ts';
import { listReviewsForAdmin } from './review-reads.ts';
import type { ReviewsDeps } from './reviews-deps.ts';

/** The owner's review queue: publish, hide, reply, and whether new reviews wait for that. */
export const reviewAdminRoutes: FastifyPluginAsyncZod<Pick<ReviewsDeps, 'db' | 'mail' | 'config'>> = async (app, { db, mail, config }) => {
  sendNoStore(app);
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/reviews',
    {
      schema: {
        summary: 'Reviews in one state (pending by default), newest first',
        querystring: AdminReviewListQuery,
        response: { 200: AdminReviewList, ...errorResponses },
      },
    },
    async (request) => listReviewsForAdmin(db, request.query),
  );

  app.post(
    '/admin/reviews/:id/publish',
    { schema: { summary: 'Publish a pending or hidden review', params: IdParam, body: NoInput, response: { 200: AdminReview, ...errorResponses } } },
    async (request) => moderateReview(db, request.params.id, 'published'),
  );

  app.post(
    '/admin/reviews/:id/hide',
    { schema: { summary: 'Hide a pending or published review', params: IdParam, body: NoInput, response: { 200: AdminReview, ...errorResponses } } },
    async (request) => moderateReview(db, request.params.id, 'hidden'),
  );

  app.put(
    '/admin/reviews/:id/reply',
    {
      config: { invalidInput: { body: 'Invalid reply' } },
      schema: {
        summary: "The owner's reply under a review (empty removes it); e-mailed to the author",
        params: IdParam,
        body: OwnerReplyInput,
        response: { 200: AdminReview, ...errorResponses },
      },
    },
    async (request) => {
      // the e-mail's link starts with the configured address, never the request's Host
      const base = publicOrigin(config);
      return replyToReview(db, mail, request.params.id, request.body, (productId) => new URL(`/products/${productId}`, base).toString());
    },
  );

  app.get(
    '/admin/review-settings',
    { schema: { summary: 'Whether new reviews wait for moderation', response: { 200: ReviewSettings, ...errorResponses } } },
    async () => readReviewSettings(db),
  );

  app.put(
    '/admin/review-settings',
    {
      config: { invalidInput: { body: 'Invalid review settings' } },
      schema: {
        summary: 'Hold new reviews for moderation (on) or publish them as written (off)',
        body: ReviewSettings,
        response: { 200: ReviewSettings, ...errorResponses },
      },
    },
    async (request) => saveReviewSettings(db, request.body),
  );
};
