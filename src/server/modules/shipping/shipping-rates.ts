import { CA_PROVINCE_CODES, type CaProvinceCode } from '#common/canadian-address.ts';
import { shippingCents } from '#common/order-totals.ts';
import { STANDARD_METHOD_ID, type ShippingMethodView, type ShippingProfileView, type ShippingQuoteOption } from '#common/schemas/shipping.ts';
import { BUILT_IN_STANDARD, deliveryEstimate } from '#common/shipping-estimate.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';

/** What pricing a shipment needs of the cart. */
interface CartForShipping {
  /** the lines' weight, a variant with no weight counting 0 */
  weightGrams: number;
  /** before the coupon: the spec's free-shipping threshold compares this (spec §9) */
  subtotalCents: number;
  /** after the coupon: the owner's brackets and free-over thresholds compare what the shopper pays for the goods */
  discountedSubtotalCents: number;
}

/** The built-in Standard shipping's two settings (null: cleared, then shipping is free, spec §9). */
interface BuiltInShipping {
  shippingCostCents: number | null;
  freeShippingThresholdCents: number | null;
}

/** Where a cart goes: a US state (or DC), or a Canadian province. */
interface Destination {
  state: string;
  country: 'US' | 'CA';
}

/** The zone that covers the destination; a province and a state never share a code, but a zone names them apart. */
export function zoneFor(profile: ShippingProfileView, to: Destination): ShippingProfileView['zones'][number] | undefined {
  return profile.zones.find((zone) => (to.country === 'CA' ? zone.caProvinces : zone.usStates).includes(to.state));
}

/** The provinces checkout may offer: those of a zone with at least one active method, in Canada Post's order. */
export function shippingDestinations(profile: ShippingProfileView): { caProvinces: CaProvinceCode[] } {
  const covered = new Set(profile.zones.filter((zone) => zone.methods.some((method) => method.active)).flatMap((zone) => zone.caProvinces));
  return { caProvinces: CA_PROVINCE_CODES.filter((code) => covered.has(code)) };
}

const inBracket = (value: number, bracket: { from: number; to: number | null }) => value >= bracket.from && (bracket.to === null || value < bracket.to);

/**
 * A method's price for this cart, or null when its rule does not take it (no bracket holds its weight or
 * subtotal, or the carrier gave no live price for a carrier-calculated method: decision 057).
 */
function methodPriceCents(
  method: Pick<ShippingMethodView, 'id' | 'kind' | 'rate'>,
  cart: CartForShipping,
  carrierPrices: ReadonlyMap<number, number>,
): number | null {
  // pickup costs nothing to ship, whatever rule the method carries
  if (method.kind === 'pickup') return 0;
  const { rate } = method;
  if (rate.freeOverCents !== null && cart.discountedSubtotalCents >= rate.freeOverCents) return 0;
  if (rate.basis === 'flat') return rate.priceCents;
  if (rate.basis === 'carrier') return carrierPrices.get(method.id) ?? null;
  const measure = rate.basis === 'weight' ? cart.weightGrams : cart.discountedSubtotalCents;
  return rate.brackets.find((bracket) => inBracket(measure, bracket))?.priceCents ?? null;
}

/**
 * The methods that take this cart to this state or province, priced, in the owner's order. A US state in
 * no zone ships with the built-in Standard shipping, priced from the settings exactly as the spec says; a
 * province in no zone is offered nothing: the built-in method is the spec's domestic one (decision 069).
 */
export function shippingOptionsFor(
  profile: ShippingProfileView,
  builtIn: BuiltInShipping,
  to: Destination,
  cart: CartForShipping,
  now: Date,
  /** live prices of the zone's carrier-calculated methods (carrier-rates.ts); one missing leaves its method out */
  carrierPrices: ReadonlyMap<number, number> = new Map(),
): ShippingQuoteOption[] {
  const zone = zoneFor(profile, to);
  if (!zone && to.country === 'CA') return [];
  if (!zone) {
    const estimate = deliveryEstimate(now, BUILT_IN_STANDARD, profile.timeZone);
    return [
      {
        id: STANDARD_METHOD_ID,
        name: BUILT_IN_STANDARD.name,
        kind: 'delivery',
        priceCents: shippingCents(cart.subtotalCents, builtIn.shippingCostCents, builtIn.freeShippingThresholdCents),
        arrivesFrom: estimate.earliest,
        arrivesBy: estimate.latest,
      },
    ];
  }
  return zone.methods.flatMap((method) => {
    const priceCents = method.active ? methodPriceCents(method, cart, carrierPrices) : null;
    if (priceCents === null) return [];
    const estimate = deliveryEstimate(now, method, profile.timeZone);
    return [{ id: String(method.id), name: method.name, kind: method.kind, priceCents, arrivesFrom: estimate.earliest, arrivesBy: estimate.latest }];
  });
}

/** The method the shopper chose among those offered, or the cheapest when none was named. */
export function chooseShippingOption(options: readonly ShippingQuoteOption[], methodId: string | undefined, state: string): ShippingQuoteOption {
  if (options.length === 0) throw invalidInput(`We cannot ship this cart to ${state}. Please contact us about your order.`);
  if (methodId === undefined) return options.reduce((cheapest, option) => (option.priceCents < cheapest.priceCents ? option : cheapest));
  const chosen = options.find((option) => option.id === methodId);
  if (!chosen) throw invalidInput('This shipping method is not available for this address and cart. Please choose another.');
  return chosen;
}
