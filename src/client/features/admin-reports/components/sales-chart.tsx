import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '#common/money.ts';
import type { SalesReport, TopRow } from '#common/schemas/reports.ts';

const dollars = (cents: number) => formatCents(cents);
const shortDollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/** Net sales per period, beside the same position of the period before. */
export function SalesChart({ report }: { report: SalesReport }) {
  const data = report.periods.map((period, index) => ({
    period: period.period,
    net: period.netCents,
    previous: report.previousPeriods[index]?.netCents ?? 0,
  }));
  return (
    <div className="h-64 w-full" data-testid="sales-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="#e5e7eb" vertical={false} />
          <XAxis dataKey="period" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis tickFormatter={shortDollars} tick={{ fontSize: 12 }} width={64} />
          <Tooltip formatter={(value) => dollars(Number(value))} />
          <Legend />
          <Line type="monotone" dataKey="net" name="Net sales" stroke="#1e40af" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="previous" name="Previous period" stroke="#9ca3af" strokeDasharray="4 4" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The best sellers' sales after discounts, as bars. */
export function TopChart({ rows }: { rows: TopRow[] }) {
  const data = rows.slice(0, 10).map((row) => ({ name: row.name, net: row.netCents }));
  return (
    <div className="h-64 w-full" data-testid="top-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="#e5e7eb" horizontal={false} />
          <XAxis type="number" tickFormatter={shortDollars} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => dollars(Number(value))} />
          <Bar dataKey="net" name="Sales after discounts" fill="#1e40af" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
