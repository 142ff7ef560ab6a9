import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportInterval, ReportTable } from '#common/schemas/reports.ts';
import { getJson } from '#client/lib/api-client.ts';

const REPORTS_URL = '/api/admin/reports';

/** The range every report of the tab reads. */
export interface ReportQuery {
  from: string;
  to: string;
  interval: ReportInterval;
}

const rangeParams = (query: ReportQuery) => new URLSearchParams({ from: query.from, to: query.to, interval: query.interval });

/** One report over the range (`sales`, `top?by=brand`...); the figures of the last range stay on screen while the next one loads. */
export function useReport<Answer>(report: string, query: ReportQuery, extra: Record<string, string> = {}) {
  const params = rangeParams(query);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const url = `${REPORTS_URL}/${report}?${params.toString()}`;
  return useQuery({ queryKey: [REPORTS_URL, report, url], queryFn: () => getJson<Answer>(url), placeholderData: keepPreviousData });
}

/** Where a table's CSV downloads from (the same range). */
export function reportCsvUrl(table: ReportTable, query: ReportQuery): string {
  return `${REPORTS_URL}/${table}/export.csv?${rangeParams(query).toString()}`;
}
