import { formatPrice } from './money.ts';
import type { AdminCoupon } from './schemas/admin-coupons.ts';

// A discount's rule in the owner's words, for the admin list ("Balls: 12+ 10 % off, 36+ 15 %, 100+ 20 %").
// The names come with the discount (AdminCoupon.scopeNames), so the list needs no catalogue of its own.

type Scope = AdminCoupon['appliesTo'];
type Dimension = 'product' | 'variant' | 'type' | 'brand';

/** The key a name is stored under in scopeNames. */
export const scopeKey = (dimension: Dimension, id: number) => `${dimension}:${id}`;

const formatPercent = (percent: number) => `${Number(percent.toFixed(2))} %`;

/** "Dinkwell Balls", "Club Ball or Gym Ball Indoor"; every list empty: "Everything". */
export function scopeWords(scope: Scope, names: Record<string, string>): string {
  const named = (dimension: Dimension, ids: readonly number[] | undefined) => (ids ?? []).map((id) => names[scopeKey(dimension, id)] ?? `#${id}`).join(' or ');
  // a line must match every list, so brand and type read as one phrase: "Dinkwell Balls"
  const words = [named('brand', scope.brandIds), named('type', scope.productTypeIds), named('product', scope.productIds), named('variant', scope.variantIds)]
    .filter(Boolean)
    .join(' ');
  return words || 'Everything';
}

function pricing(coupon: AdminCoupon): string {
  const scope = scopeWords(coupon.appliesTo, coupon.scopeNames);
  if (coupon.buyXGetY) {
    const rule = coupon.buyXGetY;
    const off = rule.percent >= 100 ? 'free' : `${formatPercent(rule.percent)} off`;
    return `Buy ${rule.buyQuantity} ${scopeWords(rule.buy, coupon.scopeNames)}, get ${rule.getQuantity} ${scopeWords(rule.get, coupon.scopeNames)} ${off}`;
  }
  if (coupon.quantityBreaks.length > 0) {
    const steps = [...coupon.quantityBreaks].sort((a, b) => a.minQuantity - b.minQuantity);
    return `${scope}: ${steps.map((step, i) => `${step.minQuantity}+ ${formatPercent(step.percent)}${i === 0 ? ' off' : ''}`).join(', ')}`;
  }
  if (coupon.type === 'free_shipping') return scope === 'Everything' ? 'Free shipping' : `Free shipping with ${scope}`;
  if (coupon.type === 'percentage') return `${scope}: ${formatPercent(Number(coupon.amount))} off`;
  return `${scope}: ${formatPrice(coupon.amount)} off`;
}

/** The whole rule: how it prices, then the conditions and limits the engine checks. */
export function discountRuleWords(coupon: AdminCoupon): string {
  const conditions: string[] = [];
  if (coupon.minSubtotal !== null && Number(coupon.minSubtotal) > 0) conditions.push(`from ${formatPrice(coupon.minSubtotal)}`);
  if (coupon.minQuantity > 0) conditions.push(`${coupon.minQuantity}+ items`);
  if (coupon.perCustomerLimit === 1) conditions.push('once per customer');
  else if (coupon.perCustomerLimit > 1) conditions.push(`${coupon.perCustomerLimit} per customer`);
  if (coupon.combinesWithCodes) conditions.push('combines with a code');
  return [pricing(coupon), ...conditions].join('; ');
}
