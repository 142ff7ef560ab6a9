import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CouponReport, InventoryReport, RecoveredReport, ReturnsReport, SalesReport, TaxReport, TopReport, type SalesPeriod } from '#common/schemas/reports.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { renderInShop } from '#client/test/render.tsx';
import { changeText } from './kpi-tiles.tsx';
import ReportsTab from './reports-tab.tsx';

// The Reports tab: headline figures with their change from the period before, tables with their CSV
// link for the same range, and the range sent to every report.

const period = (day: string, netCents: number): SalesPeriod => ({
  period: day,
  orders: 2,
  units: 3,
  grossCents: netCents,
  discountCents: 0,
  refundCents: 0,
  netCents,
  taxCents: 100,
  shippingCents: 0,
  averageOrderCents: netCents / 2,
  newCustomers: 1,
  returningCustomers: 1,
});
const { period: _first, ...totals } = period('2026-11-01', 12_000);
const { period: _second, ...previousTotals } = period('2026-10-01', 8_000);
const sales = SalesReport.parse({
  range: { from: '2026-10-30', to: '2026-11-28' },
  previousRange: { from: '2026-09-30', to: '2026-10-29' },
  totals,
  previousTotals,
  periods: [period('2026-11-28', 12_000)],
  previousPeriods: [period('2026-10-29', 8_000)],
});

function openReports() {
  return fakeApi({
    'GET /api/admin/reports/sales': ok(sales),
    'GET /api/admin/reports/top': ok(
      TopReport.parse({
        by: 'product',
        rows: [{ name: 'Apex Pro Paddle', units: 3, grossCents: 12_000, discountCents: 0, netCents: 12_000, refundedUnits: 0 }],
      }),
    ),
    'GET /api/admin/reports/coupons': ok(CouponReport.parse({ rows: [] })),
    'GET /api/admin/reports/tax': ok(
      TaxReport.parse({ rows: [{ month: '2026-11', state: 'TX', orders: 2, taxableCents: 12_000, taxCents: 984, taxRefundedCents: 0, netTaxCents: 984 }] }),
    ),
    'GET /api/admin/reports/returns': ok(ReturnsReport.parse({ returns: [], refunds: [] })),
    'GET /api/admin/reports/recovered': ok(
      RecoveredReport.parse({ rows: [{ reminder: 'Second reminder', orders: 3, revenueCents: 24_650 }], orders: 3, revenueCents: 24_650 }),
    ),
    'GET /api/admin/reports/inventory': ok(InventoryReport.parse({ units: 0, valueCents: 0, variantsWithoutCost: 0, rows: [], lowStock: [] })),
  });
}

describe('the Reports tab', () => {
  it('shows each headline figure with its change from the period before', async () => {
    openReports();
    renderInShop(<ReportsTab />, { path: '/admin?tab=reports' });
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    const net = within(tiles).getByText('Net sales').closest('li')!;
    expect(net).toHaveTextContent('$120.00');
    expect(net).toHaveTextContent('+50% vs previous period');
    expect(screen.getByText('2026-10-30 to 2026-11-28, compared with 2026-09-30 to 2026-10-29')).toBeInTheDocument();
  });

  it('links each table to its CSV for the range shown, and sends that range to every report', async () => {
    const api = openReports();
    renderInShop(<ReportsTab />, { path: '/admin?tab=reports' });
    const taxCsv = await screen.findByRole('link', { name: 'Download CSV of Sales tax by state and month' });
    const sent = api.sentTo('GET /api/admin/reports/sales')[0]!;
    const range = `from=${sent.query.get('from')}&to=${sent.query.get('to')}&interval=day`;
    expect(taxCsv).toHaveAttribute('href', `/api/admin/reports/tax/export.csv?${range}`);
    // tax collected and tax due
    await waitFor(() => expect(screen.getAllByRole('cell', { name: '$9.84' })).toHaveLength(2));
    expect(api.sentTo('GET /api/admin/reports/top')[0]!.query.get('by')).toBe('product');
    expect(api.sentTo('GET /api/admin/reports/tax')[0]!.url).toContain(range);
  });

  it('shows the checkouts recovered after a reminder with their revenue and CSV for the range', async () => {
    const api = openReports();
    renderInShop(<ReportsTab />, { path: '/admin?tab=reports' });
    const csv = await screen.findByRole('link', { name: 'Download CSV of Recovered checkouts' });
    expect(await screen.findByRole('cell', { name: '$246.50' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Second reminder' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Recovered after' })).toBeInTheDocument();
    const sent = api.sentTo('GET /api/admin/reports/recovered')[0]!;
    expect(csv).toHaveAttribute('href', `/api/admin/reports/recovered/export.csv?from=${sent.query.get('from')}&to=${sent.query.get('to')}&interval=day`);
  });

  it('says a change from nothing as New, and a fall with its sign', () => {
    expect(changeText(500, 0)).toBe('New');
    expect(changeText(0, 0)).toBe('0%');
    expect(changeText(750, 1000)).toBe('-25%');
  });
});
