import { formatCents } from '#common/money.ts';
import type { SalesTotals } from '#common/schemas/reports.ts';

const TILES: Array<{ key: keyof SalesTotals; label: string; money: boolean }> = [
  { key: 'netCents', label: 'Net sales', money: true },
  { key: 'grossCents', label: 'Gross sales', money: true },
  { key: 'orders', label: 'Orders', money: false },
  { key: 'averageOrderCents', label: 'Average order', money: true },
  { key: 'units', label: 'Units', money: false },
  { key: 'refundCents', label: 'Refunds', money: true },
  { key: 'taxCents', label: 'Tax', money: true },
  { key: 'newCustomers', label: 'New customers', money: false },
];

/** "+12.5%" against the period before; "New" when there was nothing to compare with. */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '0%' : 'New';
  const change = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return `${change > 0 ? '+' : ''}${change}%`;
}

/** The range's headline figures, each with its change from the period before. */
export function KpiTiles({ totals, previous }: { totals: SalesTotals; previous: SalesTotals }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 [&>li]:min-w-0" aria-label="Key figures">
      {TILES.map(({ key, label, money }) => {
        const change = changeText(totals[key], previous[key]);
        // fewer refunds is the good direction
        const good = key === 'refundCents' ? totals[key] <= previous[key] : totals[key] >= previous[key];
        return (
          <li key={key} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
            <p className="text-xs font-medium text-gray-600">{label}</p>
            <p className="mt-1 text-xl font-bold tabular-nums">{money ? formatCents(totals[key]) : totals[key]}</p>
            <p className={`text-xs ${good ? 'text-green-700' : 'text-red-700'}`}>
              {change} <span className="text-gray-600">vs previous period</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
