import type { DiscountPreview, DiscountPreviewInput } from '#common/schemas/discounts.ts';
import type { Database } from '#server/db/client.ts';
import { findUsableCoupon } from '#server/modules/coupons/coupon-service.ts';
import { discountCart } from '#server/modules/coupons/discount-service.ts';
import type { CheckoutSettingsReader } from './checkout-settings.ts';
import { priceLines } from './price-lines.ts';

/** The cart's discounts priced from the database, as POST /api/discounts/preview answers them (decision 058). */
export async function previewDiscounts(db: Database, settings: CheckoutSettingsReader, input: DiscountPreviewInput): Promise<DiscountPreview> {
  const items = input.items.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }));
  const lines = await priceLines(db, items);
  const code = input.couponCode ? await findUsableCoupon(db, input.couponCode) : null;
  // the preview values free shipping at nothing: the address, and so the shipping, is not known yet
  const { automaticDiscounts } = await settings.read();
  const outcome = discountCart({ lines, code, automatic: automaticDiscounts, shippingCents: 0, ignoreUnmetCode: true });
  return {
    discounts: outcome.applied.map(({ kind, label, amountCents, freeShipping }) => ({ kind, label, amountCents, freeShipping })),
    lines: lines.map((line, index) => ({ variantId: line.variantId, discountCents: outcome.lineCents[index] ?? 0 })),
    discountCents: outcome.discountCents,
    freeShipping: outcome.freeShipping,
  };
}
