import type { FastifyPluginAsync } from 'fastify';
import { CouponInput } from '#common/schemas/admin-coupons.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseId, parseInput } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './coupon-admin-service.ts';

/** The coupons tab; admins only. */
export const couponAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  sendNoStore(app);
  app.get('/coupons', { onRequest: requireAdmin }, async () => listCoupons(db));

  app.post('/coupons', { onRequest: requireAdmin }, async (request, reply) => {
    const input = parseInput(CouponInput, request.body, 'Invalid coupon');
    return reply.status(201).send(await createCoupon(db, input));
  });

  app.patch('/coupons/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    return updateCoupon(db, id, parseInput(CouponInput, request.body, 'Invalid coupon'));
  });

  app.delete('/coupons/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    await deleteCoupon(db, id);
    return { id, deleted: true };
  });
};
