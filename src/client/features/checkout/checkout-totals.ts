import { couponForTotals, orderTotals, settingCents, shippingCents } from '#common/order-totals.ts';
import { physicalLines, shipsNothing } from '#common/physical-lines.ts';
import type { OrderTotals } from '#common/schemas/checkout.ts';
import type { CouponResult } from '#common/schemas/checkout.ts';
import type { SiteSettings } from '#common/schemas/content.ts';
import type { DiscountPreview } from '#common/schemas/discounts.ts';
import { priceCentsOf, type CheckoutLine } from './checkout-rules.ts';

export interface CheckoutTotals extends OrderTotals {
  /** cents still missing for free shipping, when shipping is charged and a threshold is set */
  freeShippingGapCents: number | null;
}

/** The page's totals by orderTotals, the rule the server charges by, with the shop's shipping settings. */
export function checkoutTotals(
  lines: readonly CheckoutLine[],
  coupon: CouponResult | null,
  settings: Pick<SiteSettings, 'shippingCost' | 'freeShippingThreshold'> | undefined,
  taxCents: number,
  /** the chosen method's price as the server gave it; absent: the settings' flat rule */
  methodShippingCents?: number,
  /** the server's discounts for these lines (decision 058); absent until it answers: the coupon alone */
  discounts?: DiscountPreview,
): CheckoutTotals {
  const freeShippingThresholdCents = settingCents(settings?.freeShippingThreshold);
  // the settings' rule on the parcel's lines alone, as the server prices it: a gift card is e-mailed (decision 066)
  const parcelCents = physicalLines(lines).reduce((sum, line) => sum + priceCentsOf(line.product.price) * line.quantity, 0);
  const hasGiftCards = lines.some((line) => line.giftCard);
  const flatCents =
    methodShippingCents !== undefined || !hasGiftCards
      ? methodShippingCents
      : shipsNothing(lines)
        ? 0
        : shippingCents(parcelCents, settingCents(settings?.shippingCost), freeShippingThresholdCents);
  const totals = orderTotals({
    items: lines.map((line) => ({ priceCents: priceCentsOf(line.product.price), quantity: line.quantity })),
    coupon: couponForTotals(coupon),
    ...(discounts ? { discountCents: discounts.discountCents, freeShipping: discounts.freeShipping } : {}),
    shippingCostCents: settingCents(settings?.shippingCost),
    freeShippingThresholdCents,
    methodShippingCents: flatCents,
    taxCents,
  });
  // the gap is the settings' threshold: an owner's method has its own rule
  const freeShippingGapCents =
    methodShippingCents === undefined && totals.shipping > 0 && freeShippingThresholdCents !== null ? freeShippingThresholdCents - parcelCents : null;
  return { ...totals, freeShippingGapCents };
}
