import { toCents } from './money.ts';
import type { OrderTotals } from './schemas/checkout.ts';

// The one totals rule: the cart page shows it, the server charges it.

type TotalsCoupon = { type: 'percentage'; percent: number } | { type: 'fixed'; amountCents: number };

interface OrderTotalsInput {
  items: ReadonlyArray<{ priceCents: number; quantity: number }>;
  coupon?: TotalsCoupon | null;
  /** the discount engine's cents (src/common/discounts.ts), taken instead of the coupon's when given */
  discountCents?: number;
  /** a free-shipping discount applies: shipping is 0 whatever the method or the settings say */
  freeShipping?: boolean;
  /** null when the owner cleared the setting */
  shippingCostCents: number | null;
  freeShippingThresholdCents: number | null;
  /** a shipping method's price for this cart, worked out by the server (docs/decisions/049); absent: the settings' flat rule */
  methodShippingCents?: number;
  taxCents: number;
}

const nonNegativeInt = (value: number) => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

function subtotalCents(items: OrderTotalsInput['items']): number {
  // A missing price counts as 0
  return items.reduce((sum, item) => sum + nonNegativeInt(item.priceCents) * nonNegativeInt(item.quantity), 0);
}

/** Percentage: subtotal x percent / 100 to the nearest cent (half up); fixed: the lesser of amount and subtotal. */
export function couponDiscountCents(subtotal: number, coupon: TotalsCoupon | null | undefined): number {
  if (!coupon) return 0;
  if (coupon.type === 'fixed') return Math.min(nonNegativeInt(coupon.amountCents), subtotal);
  // percent in hundredths keeps the arithmetic in integers: 12.5 % is 1250
  const hundredths = Number.isFinite(coupon.percent) ? Math.max(0, Math.round(coupon.percent * 100)) : 0;
  const discount = Math.floor((subtotal * hundredths + 5000) / 10000);
  return Math.min(discount, subtotal);
}

/** Free at or above the threshold, or when either setting is missing. */
export function shippingCents(subtotal: number, costCents: number | null, thresholdCents: number | null): number {
  if (costCents === null || thresholdCents === null) return 0;
  if (!Number.isFinite(costCents) || !Number.isFinite(thresholdCents)) return 0;
  return subtotal >= thresholdCents ? 0 : nonNegativeInt(costCents);
}

/**
 * Goods, less the discounts, plus shipping, plus tax: the amount due. A tender that pays part of it
 * (a gift card, store credit) is a step after this one, on `total`, and changes none of these figures.
 */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = subtotalCents(input.items);
  const discount = input.discountCents === undefined ? couponDiscountCents(subtotal, input.coupon) : Math.min(nonNegativeInt(input.discountCents), subtotal);
  const shipping = input.freeShipping
    ? 0
    : input.methodShippingCents === undefined
      ? shippingCents(subtotal, input.shippingCostCents, input.freeShippingThresholdCents)
      : nonNegativeInt(input.methodShippingCents);
  const tax = nonNegativeInt(input.taxCents);
  return { subtotal, discount, shipping, tax, total: Math.max(0, subtotal - discount + shipping + tax) };
}

/** A coupon as the API gives it ({ type, amount: "10.00" }) in the form orderTotals takes. */
export function couponForTotals(coupon: { type: 'percentage' | 'fixed' | 'free_shipping'; amount: string | number } | null | undefined): TotalsCoupon | null {
  // free shipping takes nothing off the goods
  if (!coupon || coupon.type === 'free_shipping') return null;
  if (coupon.type === 'percentage') return { type: 'percentage', percent: Number(coupon.amount) || 0 };
  const cents = toCents(coupon.amount);
  return { type: 'fixed', amountCents: Number.isNaN(cents) ? 0 : cents };
}

/** Settings' decimal strings (null when cleared) as cents or null. */
export function settingCents(value: string | number | null | undefined): number | null {
  const cents = toCents(value);
  return Number.isNaN(cents) ? null : cents;
}
