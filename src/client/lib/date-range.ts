// The admin picks calendar days in their own time zone; the server gets those days' bounds as instants.

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (what a date field gives). */
export function isDateText(value: string): boolean {
  if (!DATE_TEXT.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

function localDay(value: string): Date {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The first instant of that day here, for `from`. */
export function startOfLocalDay(value: string | undefined): string | undefined {
  return value && isDateText(value) ? localDay(value).toISOString() : undefined;
}

/** The last instant of that day here, for `to` (which includes its end). */
export function endOfLocalDay(value: string | undefined): string | undefined {
  if (!value || !isDateText(value)) return undefined;
  const day = localDay(value);
  day.setHours(23, 59, 59, 999);
  return day.toISOString();
}
