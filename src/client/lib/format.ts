// Dates as shoppers read them. Prices use formatPrice / formatCents from #common/money.ts.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** "January 15, 2025"; a date without a time is shown as that calendar day in every time zone. */
export function formatDate(value: string | null | undefined, style: 'long' | 'medium' = 'long'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    ...(DATE_ONLY.test(value) ? { timeZone: 'UTC' } : {}),
  });
}
