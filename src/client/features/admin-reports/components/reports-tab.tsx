import { useId, useState } from 'react';
import { formatCents } from '#common/money.ts';
import {
  couponColumns,
  inventoryColumns,
  recoveredColumns,
  refundColumns,
  returnColumns,
  salesColumns,
  taxColumns,
  topColumns,
  type CouponReport,
  type InventoryReport,
  type RecoveredReport,
  type ReportInterval,
  type ReturnsReport,
  type SalesReport,
  type TaxReport,
  type TopBy,
  type TopReport,
} from '#common/schemas/reports.ts';
import { DateRangeFields } from '#client/components/admin/date-range-fields.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useReport, type ReportQuery } from '../api/get-report.ts';
import { KpiTiles } from './kpi-tiles.tsx';
import { ReportTable } from './report-table.tsx';
import { SalesChart, TopChart } from './sales-chart.tsx';

const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));

const TOP_TABLES: Record<TopBy, { table: 'products' | 'variants' | 'brands' | 'types'; label: string }> = {
  product: { table: 'products', label: 'Products' },
  variant: { table: 'variants', label: 'Variants' },
  brand: { table: 'brands', label: 'Brands' },
  type: { table: 'types', label: 'Product types' },
};

/** The Reports tab: a range and its period, the headline figures against the period before, charts and tables with CSV. */
export default function ReportsTab() {
  const [query, setQuery] = useState<ReportQuery>({ from: daysAgo(29), to: daysAgo(0), interval: 'day' });
  const [topBy, setTopBy] = useState<TopBy>('product');
  const intervalId = useId();
  const topById = useId();
  const sales = useReport<SalesReport>('sales', query);
  const top = useReport<TopReport>('top', query, { by: topBy });
  const coupons = useReport<CouponReport>('coupons', query);
  const tax = useReport<TaxReport>('tax', query);
  const returns = useReport<ReturnsReport>('returns', query);
  const recovered = useReport<RecoveredReport>('recovered', query);
  const inventory = useReport<InventoryReport>('inventory', query);

  return (
    <section aria-labelledby="reports-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="reports-heading" className="sr-only">
        Reports
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <DateRangeFields
          what="Report"
          from={query.from}
          to={query.to}
          onChange={(range) => {
            // a half-typed or emptied date keeps the last whole range
            if (range.from && range.to && range.from <= range.to) setQuery({ ...query, from: range.from, to: range.to });
          }}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={intervalId}>By</Label>
          <Select id={intervalId} value={query.interval} onChange={(event) => setQuery({ ...query, interval: event.target.value as ReportInterval })}>
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </Select>
        </div>
      </div>

      {sales.isError ? (
        <LoadError title="Reports could not be loaded" error={sales.error} onRetry={() => void sales.refetch()} retrying={sales.isFetching} />
      ) : null}
      {sales.data ? (
        <>
          <p className="text-sm text-gray-600">
            {sales.data.range.from} to {sales.data.range.to}, compared with {sales.data.previousRange.from} to {sales.data.previousRange.to}
          </p>
          <KpiTiles totals={sales.data.totals} previous={sales.data.previousTotals} />
          <Card>
            <CardHeader>
              <CardTitle as="h3">Net sales</CardTitle>
            </CardHeader>
            <CardContent>
              <SalesChart report={sales.data} />
            </CardContent>
          </Card>
          <ReportTable title="Sales" table="sales" query={query} columns={salesColumns} rows={sales.data.periods} empty="No sales in this range." />
        </>
      ) : sales.isPending ? (
        <Spinner />
      ) : null}

      <Card>
        <CardHeader className="flex-row flex-wrap items-end justify-between gap-2">
          <CardTitle as="h3">Best sellers</CardTitle>
          <div className="grid gap-1.5">
            <Label htmlFor={topById}>Best sellers by</Label>
            <Select id={topById} value={topBy} onChange={(event) => setTopBy(event.target.value as TopBy)}>
              {Object.entries(TOP_TABLES).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
        </CardHeader>
        <CardContent>
          {top.data && top.data.rows.length > 0 ? <TopChart rows={top.data.rows} /> : <p className="text-sm text-gray-600">Nothing sold in this range.</p>}
        </CardContent>
      </Card>
      <ReportTable
        title={`Best sellers: ${TOP_TABLES[topBy].label}`}
        table={TOP_TABLES[topBy].table}
        query={query}
        columns={topColumns}
        rows={top.data?.rows}
        empty="Nothing sold in this range."
      />
      <ReportTable title="Coupons" table="coupons" query={query} columns={couponColumns} rows={coupons.data?.rows} empty="No coupon was used in this range." />
      <ReportTable
        title="Recovered checkouts"
        table="recovered"
        query={query}
        columns={recoveredColumns}
        rows={recovered.data?.rows}
        empty="No checkout was recovered after a reminder in this range."
      />
      <ReportTable
        title="Sales tax by state and month"
        table="tax"
        query={query}
        columns={taxColumns}
        rows={tax.data?.rows}
        empty="No tax collected in this range."
      />
      <ReportTable
        title="Returns by product and reason"
        table="returns"
        query={query}
        columns={returnColumns}
        rows={returns.data?.returns}
        empty="No returns in this range."
      />
      <ReportTable
        title="Refunds by reason"
        table="refunds"
        query={query}
        columns={refundColumns}
        rows={returns.data?.refunds}
        empty="No refunds in this range."
      />

      {inventory.data ? (
        <>
          <p className="text-sm text-gray-700">
            {inventory.data.units} units in stock, worth {formatCents(inventory.data.valueCents)} at cost
            {inventory.data.variantsWithoutCost > 0 ? ` (${inventory.data.variantsWithoutCost} variants have no cost price)` : ''}.
          </p>
          <ReportTable
            title="Low stock (under 5)"
            table="low-stock"
            query={query}
            columns={inventoryColumns}
            rows={inventory.data.lowStock}
            empty="Nothing is low on stock."
          />
          <ReportTable title="Inventory" table="inventory" query={query} columns={inventoryColumns} rows={inventory.data.rows} empty="No variants yet." />
        </>
      ) : null}
    </section>
  );
}
