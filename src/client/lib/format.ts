// Dates as shoppers read them. Prices use formatPrice / formatCents from #common/money.ts.

// a calendar date, written alone or as midnight UTC (how the API sends release dates)
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/;

// a formatter is costly to build (a page of reviews formats a date per card): one per kind, made once
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: 'long' | 'medium', utc: boolean): Intl.DateTimeFormat {
  const key = `${style}:${utc}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: style === 'long' ? 'long' : 'short',
      day: 'numeric',
      ...(utc ? { timeZone: 'UTC' } : {}),
    });
    formatters.set(key, made);
  }
  return made;
}

/** "January 15, 2025"; a date without a time is shown as that calendar day in every time zone. */
export function formatDate(value: string | null | undefined, style: 'long' | 'medium' = 'long'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(style, DATE_ONLY.test(value)).format(date);
}
