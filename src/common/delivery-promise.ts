import { z } from 'zod';
import type { ShippingProfileView } from './schemas/shipping.ts';
import { addBusinessDays, BUILT_IN_STANDARD, isWeekend, localDayAndTime } from './shipping-estimate.ts';

// The product page's delivery line ("Free shipping over $50 · order by 2 pm for dispatch today",
// docs/decisions/062). The server works out when an order placed now leaves, in the shop's time zone, and
// the page only words it: the server-rendered page and the browser that hydrates it read the same answer,
// so the text cannot differ between them, whatever the browser's clock or time zone.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const DeliveryPromise = z.object({
  /** free shipping from this subtotal in cents; 0: shipping is always free; null: never free */
  freeOverCents: z.number().int().nonnegative().nullable(),
  /** "HH:MM" in the shop's time zone; null: the default method has no same-day dispatch */
  cutoffTime: z.string().nullable(),
  /** when an order placed now is dispatched (null without a cut-off) */
  dispatch: z.enum(['today', 'tomorrow', ...WEEKDAYS]).nullable(),
  minBusinessDays: z.number().int().nonnegative(),
  maxBusinessDays: z.number().int().nonnegative(),
});
export type DeliveryPromise = z.infer<typeof DeliveryPromise>;

/** The built-in Standard shipping's settings (null cost: shipping is free; null threshold: never free). */
interface BuiltInShipping {
  shippingCostCents: number | null;
  freeShippingThresholdCents: number | null;
}

/** When an order placed at `now` leaves, given a cut-off in the shop's time zone. */
function dispatchDay(now: Date, cutoffTime: string, timeZone: string): NonNullable<DeliveryPromise['dispatch']> {
  const { day, time } = localDayAndTime(now, timeZone);
  if (!isWeekend(day) && time < cutoffTime) return 'today';
  const next = new Date(`${addBusinessDays(day, 1)}T00:00:00Z`);
  const tomorrow = new Date(day);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return next.getTime() === tomorrow.getTime() ? 'tomorrow' : (WEEKDAYS[next.getUTCDay()] ?? 'tomorrow');
}

/**
 * The shop's default delivery (the first zone's first active delivery method, in the owner's order; with
 * no zone, the built-in Standard shipping from the site settings) as the product page promises it.
 */
export function deliveryPromise(profile: ShippingProfileView, builtIn: BuiltInShipping, now: Date): DeliveryPromise {
  const method = profile.zones[0]?.methods.find((candidate) => candidate.active && candidate.kind === 'delivery');
  if (!method) {
    const alwaysFree = builtIn.shippingCostCents === null || builtIn.shippingCostCents === 0;
    return {
      freeOverCents: alwaysFree ? 0 : builtIn.freeShippingThresholdCents,
      cutoffTime: null,
      dispatch: null,
      minBusinessDays: BUILT_IN_STANDARD.minBusinessDays,
      maxBusinessDays: BUILT_IN_STANDARD.maxBusinessDays,
    };
  }
  const { rate } = method;
  const alwaysFree = rate.basis === 'flat' && rate.priceCents === 0;
  return {
    freeOverCents: alwaysFree ? 0 : rate.freeOverCents,
    cutoffTime: method.cutoffTime,
    dispatch: method.cutoffTime === null ? null : dispatchDay(now, method.cutoffTime, profile.timeZone),
    minBusinessDays: method.minBusinessDays,
    maxBusinessDays: method.maxBusinessDays,
  };
}
