/** How far the cart is from free shipping, for the drawer's bar; null when the shop makes no such promise. */
export function freeShippingProgress(
  subtotalCents: number,
  shippingCostCents: number | null,
  thresholdCents: number | null,
): { remainingCents: number; percent: number } | null {
  // the totals rule ships free when either setting is missing, and a free rate needs no threshold: no bar then
  if (shippingCostCents === null || thresholdCents === null || shippingCostCents <= 0 || thresholdCents <= 0) return null;
  const remainingCents = Math.max(0, thresholdCents - subtotalCents);
  const percent = remainingCents === 0 ? 100 : Math.min(99, Math.floor((subtotalCents / thresholdCents) * 100));
  return { remainingCents, percent };
}
