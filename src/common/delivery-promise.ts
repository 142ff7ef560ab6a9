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

/** "$50" for whole dollars, "$49.50" otherwise. */
function dollars(cents: number): string {
  return `$${cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)}`;
}

/** "2 pm", "10:30 am", "12 pm" from "HH:MM". */
export function clockTime(hhmm: string): string {
  const [hour = 0, minute = 0] = hhmm.split(':').map(Number);
  const suffix = hour < 12 ? 'am' : 'pm';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${twelve} ${suffix}` : `${twelve}:${String(minute).padStart(2, '0')} ${suffix}`;
}

/** The line under the price, e.g. "Free shipping over $50 · order by 2 pm for dispatch today". */
export function deliveryLine(promise: DeliveryPromise): string {
  const free = promise.freeOverCents === null ? null : promise.freeOverCents === 0 ? 'Free shipping' : `Free shipping over ${dollars(promise.freeOverCents)}`;
  const days =
    promise.minBusinessDays === promise.maxBusinessDays
      ? `${promise.maxBusinessDays} business ${promise.maxBusinessDays === 1 ? 'day' : 'days'}`
      : `${promise.minBusinessDays}–${promise.maxBusinessDays} business days`;
  const when =
    promise.cutoffTime === null || promise.dispatch === null
      ? `delivery in ${days}`
      : promise.dispatch === 'today'
        ? `order by ${clockTime(promise.cutoffTime)} for dispatch today`
        : `order now for dispatch ${promise.dispatch}`;
  const line = [free, when].filter((part) => part !== null).join(' · ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}
