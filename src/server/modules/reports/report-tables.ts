import {
  couponColumns,
  inventoryColumns,
  recoveredColumns,
  refundColumns,
  returnColumns,
  salesColumns,
  taxColumns,
  topColumns,
  type ReportColumn,
  type ReportRange,
  type ReportTable,
} from '#common/schemas/reports.ts';
import type { Database } from '#server/db/client.ts';
import { couponReport, refundsReport, returnsReport, taxReport, topReport } from './breakdown-reports.ts';
import { inventoryReport } from './inventory-report.ts';
import { recoveredReport } from './recovered-report.ts';
import { catchUpReports } from './report-rollup.ts';
import { salesReport } from './sales-report.ts';

type Cell = string | number | null;

interface TableRows {
  columns: ReportColumn[];
  rows: object[];
}

/** A table's rows as the Reports tab shows them, for its CSV export. */
async function tableRows(db: Database, table: ReportTable, range: ReportRange): Promise<TableRows> {
  switch (table) {
    case 'sales':
      return { columns: salesColumns, rows: (await salesReport(db, range)).periods };
    case 'products':
    case 'variants':
    case 'brands':
    case 'types':
      return {
        columns: topColumns,
        rows: await topReport(db, range, ({ products: 'product', variants: 'variant', brands: 'brand', types: 'type' } as const)[table]),
      };
    case 'returns':
      return { columns: returnColumns, rows: await returnsReport(db, range) };
    case 'refunds':
      return { columns: refundColumns, rows: await refundsReport(db, range) };
    case 'coupons':
      return { columns: couponColumns, rows: await couponReport(db, range) };
    case 'tax':
      return { columns: taxColumns, rows: await taxReport(db, range) };
    case 'recovered':
      return { columns: recoveredColumns, rows: (await recoveredReport(db, range)).rows };
    case 'inventory':
      return { columns: inventoryColumns, rows: (await inventoryReport(db)).rows };
    case 'low-stock':
      return { columns: inventoryColumns, rows: (await inventoryReport(db)).lowStock };
  }
}

/** Dollars as a spreadsheet reads them ("1234.50"), shares as a number of percent. */
function csvCell(value: unknown, column: ReportColumn): Cell {
  if (value === null || value === undefined) return null;
  if (column.kind === 'cents') return (Number(value) / 100).toFixed(2);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

/** A report table's header and rows for the CSV writer: the same columns the tab shows. */
export async function reportCsv(db: Database, table: ReportTable, range: ReportRange): Promise<{ header: string[]; rows: Cell[][] }> {
  await catchUpReports(db);
  const { columns, rows } = await tableRows(db, table, range);
  return {
    header: columns.map((column) => column.label),
    rows: rows.map((row) => columns.map((column) => csvCell((row as Record<string, unknown>)[column.key], column))),
  };
}
