import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CouponResult, ValidateCouponInput } from '#common/schemas/checkout.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { CouponsDeps } from './coupons-deps.ts';
import { findUsableCoupon, toCouponResult } from './coupon-service.ts';

export const validateCouponRoutes: FastifyPluginAsyncZod<CouponsDeps> = async (app, { db, config }) => {
  // codes must not be guessable by trying many: the same per-address budget as payment creation
  const rateLimit = { max: config.CHECKOUT_RATE_LIMIT, timeWindow: '1 minute' };
  app.post(
    '/validate-coupon',
    {
      config: { rateLimit, invalidInput: 'first-issue' },
      schema: {
        summary: 'What a coupon code is worth, or why it cannot be used',
        body: ValidateCouponInput,
        response: { 200: CouponResult, ...errorResponses },
      },
    },
    async (request) => toCouponResult(await findUsableCoupon(db, request.body.code)),
  );
};
