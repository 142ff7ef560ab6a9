import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CouponResult, ValidateCouponInput } from '#common/schemas/checkout.ts';
import { DiscountPreview, DiscountPreviewInput } from '#common/schemas/discounts.ts';
import { previewDiscounts } from '#server/modules/checkout/discount-preview-service.ts';
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

  app.post(
    '/discounts/preview',
    {
      config: { rateLimit, invalidInput: 'first-issue' },
      schema: {
        summary: "The cart's discounts, each with why and how much, and every line's share (decision 058)",
        body: DiscountPreviewInput,
        response: { 200: DiscountPreview, ...errorResponses },
      },
    },
    async (request) => previewDiscounts(db, request.body),
  );
};
