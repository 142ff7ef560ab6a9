import { Download } from 'lucide-react';
import { formatCents } from '#common/money.ts';
import type { ColumnKind, ReportColumn, ReportTable as ReportTableName } from '#common/schemas/reports.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { reportCsvUrl, type ReportQuery } from '../api/get-report.ts';

function cellText(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return '—';
  if (kind === 'cents') return formatCents(Number(value));
  if (kind === 'percent') return `${String(value)}%`;
  return String(value);
}

interface ReportTableProps<Row> {
  title: string;
  table: ReportTableName;
  query: ReportQuery;
  columns: ReportColumn[];
  rows: Row[] | undefined;
  empty: string;
}

/** One report table with its CSV download: the same columns the export writes. */
export function ReportTable<Row extends object>({ title, table, query, columns, rows, empty }: ReportTableProps<Row>) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h3">{title}</CardTitle>
        <a className={buttonClasses('outline', 'sm')} href={reportCsvUrl(table, query)} download>
          <Download aria-hidden className="size-4" />
          Download CSV<span className="sr-only"> of {title}</span>
        </a>
      </CardHeader>
      <CardContent>
        {rows && rows.length === 0 ? (
          <p className="text-sm text-gray-600">{empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-gray-600">
                  {columns.map((column) => (
                    <th key={column.key} scope="col" className={`whitespace-nowrap px-2 py-1.5 font-medium ${column.kind === 'text' ? '' : 'text-right'}`}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {(rows ?? []).map((row, index) => (
                  <tr key={index} className="border-b last:border-0">
                    {columns.map((column) => (
                      <td key={column.key} className={`whitespace-nowrap px-2 py-1.5 ${column.kind === 'text' ? '' : 'text-right tabular-nums'}`}>
                        {cellText((row as Record<string, unknown>)[column.key], column.kind)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
