import type { FastifyPluginAsync } from 'fastify';
import { ValidateCouponInput } from '#common/schemas/checkout.ts';
import type { AppDeps } from '#server/deps.ts';
import { badRequest } from '#server/http/errors.ts';
import { findUsableCoupon, toCouponResult } from './coupon-service.ts';

/** POST /api/validate-coupon: { type, amount } or a 4xx { message } naming the reason. */
export const validateCouponRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, config }) => {
  // codes must not be guessable by trying many: the same per-address budget as payment creation
  const rateLimit = { max: config.CHECKOUT_RATE_LIMIT, timeWindow: '1 minute' };
  app.post('/validate-coupon', { config: { rateLimit } }, async (request) => {
    const parsed = ValidateCouponInput.safeParse(request.body ?? {});
    // the spec's page shows the message as is: a missing code reads like an unknown one
    if (!parsed.success) throw badRequest('Invalid coupon code');
    return toCouponResult(await findUsableCoupon(db, parsed.data.code));
  });
};
