import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CouponResult, ValidateCouponInput } from '#common/schemas/checkout.ts';
import { DiscountPreview, DiscountPreviewInput } from '#common/schemas/discounts.ts';
import { priceLines } from '#server/modules/checkout/price-lines.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { CouponsDeps } from './coupons-deps.ts';
import { findUsableCoupon, toCouponResult } from './coupon-service.ts';
import { discountCart } from './discount-service.ts';

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
    async (request): Promise<DiscountPreview> => {
      const items = request.body.items.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }));
      const lines = await priceLines(db, items);
      const code = request.body.couponCode ? await findUsableCoupon(db, request.body.couponCode) : null;
      // the preview values free shipping at nothing: the address, and so the shipping, is not known yet
      const outcome = await discountCart(db, { lines, code, shippingCents: 0, ignoreUnmetCode: true });
      return {
        discounts: outcome.applied.map(({ kind, label, amountCents, freeShipping }) => ({ kind, label, amountCents, freeShipping })),
        lines: lines.map((line, index) => ({ variantId: line.variantId, discountCents: outcome.lineCents[index] ?? 0 })),
        discountCents: outcome.discountCents,
        freeShipping: outcome.freeShipping,
      };
    },
  );
};
