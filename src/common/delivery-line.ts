import type { DeliveryPromise } from './delivery-promise.ts';

// The words of the product page's delivery line (decision 062), apart from the promise's schema so the page
// takes them without zod (decision 068).

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
