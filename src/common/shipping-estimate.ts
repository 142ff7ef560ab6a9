// Delivery estimates in business days (Monday to Friday; holidays not known), counted in the shop's time
// zone. Each shipping method has its own days and same-day cut-off (docs/decisions/049).

/** The built-in method of a shop without shipping zones: the spec's flat rule, sent in 3 to 5 business days. */
export const BUILT_IN_STANDARD = { name: 'Standard shipping', minBusinessDays: 3, maxBusinessDays: 5, cutoffTime: null } as const;

const SATURDAY = 6;
const SUNDAY = 0;

interface EstimateDays {
  minBusinessDays: number;
  maxBusinessDays: number;
  /** "HH:MM" in the shop's time zone; an order after it (or on a weekend) starts counting a business day later */
  cutoffTime: string | null;
}

export const isWeekend = (day: Date) => day.getUTCDay() === SATURDAY || day.getUTCDay() === SUNDAY;

/** The calendar day `days` business days after `from` (its UTC calendar day), as YYYY-MM-DD. */
export function addBusinessDays(from: Date, days: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isWeekend(day)) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

// building a formatter for a time zone costs more than the rest of a quote's shipping; a shop has one zone
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The shop's calendar day and "HH:MM" at an instant, as a UTC midnight Date and text. */
export function localDayAndTime(at: Date, timeZone: string): { day: Date; time: string } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))), time: `${parts.hour}:${parts.minute}` };
}

/**
 * First and last likely day for an order placed at `placedAt`: the method's business days counted from
 * the shop's day, or from the next business day when the cut-off has passed or it is the weekend.
 */
export function deliveryEstimate(placedAt: Date, method: EstimateDays, timeZone: string): { earliest: string; latest: string } {
  const { day, time } = localDayAndTime(placedAt, timeZone);
  const missedCutoff = method.cutoffTime !== null && (isWeekend(day) || time >= method.cutoffTime);
  const start = missedCutoff ? new Date(`${addBusinessDays(day, 1)}T00:00:00Z`) : day;
  return { earliest: addBusinessDays(start, method.minBusinessDays), latest: addBusinessDays(start, method.maxBusinessDays) };
}

/** An order placed before orders kept their estimate: the built-in method's days from its UTC calendar day. */
export function standardDeliveryEstimate(placedAt: Date): { earliest: string; latest: string } {
  return deliveryEstimate(placedAt, BUILT_IN_STANDARD, 'UTC');
}
