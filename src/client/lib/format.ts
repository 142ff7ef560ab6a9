// Dates as shoppers read them. Prices use formatPrice / formatCents from #common/money.ts.

// a calendar date, written alone or as midnight UTC (how the API sends release dates)
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/;

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
