import { parseBusinessAddress } from '#common/business-address.ts';
import type { ShippingProfileView } from '#common/schemas/shipping.ts';
import type { CarrierClient, CarrierRateQuote } from './carrier-client.ts';
import { zoneFor } from './shipping-rates.ts';

// Live prices for the owner's carrier-calculated methods (docs/decisions/057). Checkout asks for them with
// the profile it prices with; a method the carrier did not price (no key, no ZIP yet, the carrier down or
// slower than EASYPOST_TIMEOUT_MS) is simply not offered, and every other method still is.

type Log = { warn(obj: object, msg: string): void };

interface Destination {
  state: string;
  zip?: string;
  country: 'US' | 'CA';
}

export interface CarrierRates {
  /** the zone's active carrier-calculated methods priced for this weight (handling included), by method id */
  price(profile: ShippingProfileView, businessAddress: string | null, to: Destination, weightGrams: number, log?: Log): Promise<Map<number, number>>;
}

const GRAMS_PER_OUNCE = 28.349523125;
/** A quote is kept this long, so the page's rates, the tax preview and the order charge the same price. */
const KEEP_MS = 10 * 60_000;
const KEEP_AT_MOST = 500;

/** Ounces to the nearest tenth, as carriers take them; at least an ounce (a parcel weighing nothing is refused). */
export const ouncesFor = (grams: number) => Math.max(1, Math.round((grams / GRAMS_PER_OUNCE) * 10) / 10);

export function createCarrierRates(client: CarrierClient | null): CarrierRates {
  const kept = new Map<string, { until: number; rates: Promise<CarrierRateQuote[]> }>();

  function ratesFor(key: string, ask: () => Promise<CarrierRateQuote[]>): Promise<CarrierRateQuote[]> {
    const now = Date.now();
    const entry = kept.get(key);
    if (entry && entry.until > now) return entry.rates;
    if (kept.size >= KEEP_AT_MOST) kept.delete(kept.keys().next().value!);
    const fresh = { until: now + KEEP_MS, rates: ask() };
    kept.set(key, fresh);
    // a failure is not kept: the next shopper asks the carrier again
    fresh.rates.catch(() => kept.get(key) === fresh && kept.delete(key));
    return fresh.rates;
  }

  return {
    async price(profile, businessAddress, to, weightGrams, log) {
      const prices = new Map<number, number>();
      const zone = zoneFor(profile, to);
      const methods = (zone?.methods ?? []).filter((method) => method.active && method.kind === 'delivery' && method.rate.basis === 'carrier');
      const from = parseBusinessAddress(businessAddress);
      if (methods.length === 0 || !client || !to.zip || !from) return prices;
      const destination = { street: '', city: '', state: to.state, zip: to.zip, country: to.country };
      const weightOz = ouncesFor(weightGrams);
      let rates: CarrierRateQuote[];
      try {
        const key = `${from.zip}|${destination.zip}|${destination.country}|${weightOz}`;
        rates = await ratesFor(key, async () => (await client.quote(from, destination, { weightOz })).rates);
      } catch (error) {
        log?.warn({ err: error, state: to.state }, 'the carrier did not answer with rates: its carrier-calculated methods are left out');
        return prices;
      }
      for (const method of methods) {
        if (method.rate.basis !== 'carrier') continue;
        const { carrier, service, handlingCents } = method.rate;
        const rate = rates.find((candidate) => candidate.carrier === carrier && candidate.service === service);
        if (rate) prices.set(method.id, rate.cents + handlingCents);
      }
      return prices;
    },
  };
}
