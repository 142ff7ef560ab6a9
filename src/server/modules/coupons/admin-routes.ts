import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminCoupon, CouponInput } from '#common/schemas/admin-coupons.ts';
import { Deleted } from '#common/schemas/admin-results.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { ListPageQuery } from '#common/schemas/list-page.ts';
import type { CouponsDeps } from './coupons-deps.ts';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './coupon-admin-service.ts';

const invalidCoupon = { invalidInput: { body: 'Invalid coupon' } };

/** The coupons tab; admins only. */
export const couponAdminRoutes: FastifyPluginAsyncZod<Pick<CouponsDeps, 'db'>> = async (app, { db }) => {
  sendNoStore(app);
  app.get(
    '/coupons',
    {
      onRequest: requireAdmin,
      config: pagedList.config,
      schema: {
        summary: 'The coupons with their use counts, newest first',
        description: pagedList.description,
        querystring: ListPageQuery,
        response: { 200: z.array(AdminCoupon), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(request, reply, await listCoupons(db, request.query), request.query),
  );

  app.post(
    '/coupons',
    {
      onRequest: requireAdmin,
      config: invalidCoupon,
      schema: { summary: 'Create a coupon', body: CouponInput, response: { 201: AdminCoupon, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await createCoupon(db, request.body)),
  );

  app.patch(
    '/coupons/:id',
    {
      onRequest: requireAdmin,
      config: invalidCoupon,
      schema: { summary: 'Change a coupon', params: IdParam, body: CouponInput, response: { 200: AdminCoupon, ...errorResponses } },
    },
    async (request) => updateCoupon(db, request.params.id, request.body),
  );

  app.delete(
    '/coupons/:id',
    { onRequest: requireAdmin, schema: { summary: 'Delete a coupon', params: IdParam, response: { 200: Deleted, ...errorResponses } } },
    async (request) => {
      await deleteCoupon(db, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
};
