import type { OrderTotals } from '#common/schemas/checkout.ts';
import { EMAIL_DELIVERY } from '#common/physical-lines.ts';
import type { ShippingQuoteOption } from '#common/schemas/shipping.ts';

/** One way the order can travel, with what it costs for this order and, once the state is known, when it arrives. */
export type ShippingMethod = Pick<ShippingQuoteOption, 'id' | 'name' | 'kind' | 'priceCents'> & Partial<Pick<ShippingQuoteOption, 'arrivesFrom' | 'arrivesBy'>>;

/**
 * The choices the shipping step offers: the server's for the address's state and this cart, or before
 * a state is chosen the built-in Standard shipping priced from the settings as the spec says (a cart of
 * only gift cards: their free e-mail delivery, as the server will answer).
 */
export function shippingMethods(
  totals: Pick<OrderTotals, 'shipping'>,
  offered: readonly ShippingQuoteOption[] | undefined,
  emailOnly = false,
): ShippingMethod[] {
  if (offered) return [...offered];
  return emailOnly ? [{ ...EMAIL_DELIVERY, priceCents: 0 }] : [{ id: 'standard', name: 'Standard shipping', kind: 'delivery', priceCents: totals.shipping }];
}

/** The shopper's choice while it is offered, else the cheapest (the server charges the same one). */
export function chosenMethod(methods: readonly ShippingMethod[], selected: string): ShippingMethod | null {
  if (methods.length === 0) return null;
  return (
    methods.find((method) => method.id === selected) ?? methods.reduce((cheapest, method) => (method.priceCents < cheapest.priceCents ? method : cheapest))
  );
}

// "Wed, Dec 2": the estimate's days are calendar days, the same in every time zone
const estimateDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Arrives Wed, Dec 2 – Fri, Dec 4" ("Ready for pickup ..." for pickup); one day alone when both ends agree. */
export function arrivalText(method: ShippingMethod): string | null {
  if (!method.arrivesFrom || !method.arrivesBy) return null;
  const earliest = estimateDay.format(new Date(`${method.arrivesFrom}T00:00:00Z`));
  const latest = estimateDay.format(new Date(`${method.arrivesBy}T00:00:00Z`));
  const window = earliest === latest ? earliest : `${earliest} – ${latest}`;
  return `${method.kind === 'pickup' ? 'Ready for pickup' : 'Arrives'} ${window}`;
}
