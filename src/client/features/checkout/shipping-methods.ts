import type { OrderTotals } from '#common/schemas/checkout.ts';

/** One way the order can be shipped, with what it costs for this order. */
export interface ShippingMethod {
  id: string;
  name: string;
  priceCents: number;
}

/**
 * The choices the shipping step offers. Today the shop has one rule (the owner's shipping cost, free at
 * or above the threshold, both in site settings): offered as the one choice, priced by orderTotals as the
 * server charges it. Zones and methods of their own will make this a longer list.
 */
export function shippingMethods(totals: Pick<OrderTotals, 'shipping'>): ShippingMethod[] {
  return [{ id: 'standard', name: 'Standard shipping', priceCents: totals.shipping }];
}
