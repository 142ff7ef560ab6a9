// The one shipping method the shop has until shipping methods and zones arrive: the flat rule of the
// order totals (a fixed cost, free over the threshold), sent in 3 to 5 business days. The shipping
// work replaces this constant with the method the order was placed with.
export const STANDARD_SHIPPING = { name: 'Standard shipping', minBusinessDays: 3, maxBusinessDays: 5 } as const;

const SATURDAY = 6;
const SUNDAY = 0;

/** The calendar day `days` business days (Monday to Friday; holidays not known) after `from`, as YYYY-MM-DD in UTC. */
export function addBusinessDays(from: Date, days: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== SATURDAY && weekday !== SUNDAY) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** When an order placed at `placedAt` should arrive with standard shipping: the first and the last likely day. */
export function standardDeliveryEstimate(placedAt: Date): { earliest: string; latest: string } {
  return {
    earliest: addBusinessDays(placedAt, STANDARD_SHIPPING.minBusinessDays),
    latest: addBusinessDays(placedAt, STANDARD_SHIPPING.maxBusinessDays),
  };
}
