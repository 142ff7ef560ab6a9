import { z } from 'zod';

/** The longest range a report covers: five years of daily roll-ups still answer in a few milliseconds. */
const MAX_REPORT_DAYS = 5 * 366;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD that exists (2026-02-30 is refused, not rolled over). */
const ReportDay = z
  .string({ error: 'Dates are written YYYY-MM-DD' })
  .regex(ISO_DAY, 'Dates are written YYYY-MM-DD')
  .refine((text) => {
    const time = Date.parse(`${text}T00:00:00Z`);
    return !ISO_DAY.test(text) || (!Number.isNaN(time) && new Date(time).toISOString().startsWith(text));
  }, 'No such date');

export const ReportInterval = z.enum(['day', 'week', 'month']);
export type ReportInterval = z.infer<typeof ReportInterval>;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const RangeFields = z.object({ from: ReportDay, to: ReportDay, interval: ReportInterval.default('day') });

function checkedRange<Shape extends typeof RangeFields>(schema: Shape) {
  return schema
    .refine((range) => range.from <= range.to, { message: 'The start date is after the end date', path: ['from'] })
    .refine((range) => daysBetween(range.from, range.to) < MAX_REPORT_DAYS, { message: 'A report covers at most 5 years', path: ['to'] });
}

/** `from` and `to` are both counted, in the shop's time zone. */
export const ReportRange = checkedRange(RangeFields);
export type ReportRange = z.infer<typeof ReportRange>;

/** How a column's numbers read: cents as dollars, a share as a percentage. */
export type ColumnKind = 'text' | 'count' | 'cents' | 'percent' | 'days';

export interface ReportColumn<Key extends string = string> {
  key: Key;
  label: string;
  kind: ColumnKind;
}

const cents = z.number().int();
const count = z.number().int();

/** One period of the sales report (a day, a week from its Monday, a month from its first). */
const SalesPeriod = z.object({
  period: z.string().describe("the period's first day, YYYY-MM-DD"),
  orders: count,
  units: count,
  grossCents: cents,
  discountCents: cents,
  refundCents: cents,
  netCents: cents.describe('gross less discounts and refunds'),
  taxCents: cents,
  shippingCents: cents,
  averageOrderCents: cents.describe('(gross less discounts) per order, rounded'),
  newCustomers: count,
  returningCustomers: count,
});
export type SalesPeriod = z.infer<typeof SalesPeriod>;

const SalesTotals = SalesPeriod.omit({ period: true });
export type SalesTotals = z.infer<typeof SalesTotals>;

export const SalesReport = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  previousRange: z.object({ from: z.string(), to: z.string() }),
  totals: SalesTotals,
  previousTotals: SalesTotals,
  periods: z.array(SalesPeriod),
  previousPeriods: z.array(SalesPeriod),
});
export type SalesReport = z.infer<typeof SalesReport>;

export const salesColumns: ReportColumn<keyof SalesPeriod>[] = [
  { key: 'period', label: 'Period', kind: 'text' },
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'units', label: 'Units', kind: 'count' },
  { key: 'grossCents', label: 'Gross sales', kind: 'cents' },
  { key: 'discountCents', label: 'Discounts', kind: 'cents' },
  { key: 'refundCents', label: 'Refunds', kind: 'cents' },
  { key: 'netCents', label: 'Net sales', kind: 'cents' },
  { key: 'taxCents', label: 'Tax', kind: 'cents' },
  { key: 'shippingCents', label: 'Shipping', kind: 'cents' },
  { key: 'averageOrderCents', label: 'Average order', kind: 'cents' },
  { key: 'newCustomers', label: 'New customers', kind: 'count' },
  { key: 'returningCustomers', label: 'Returning customers', kind: 'count' },
];

export const TopBy = z.enum(['product', 'variant', 'brand', 'type']);
export type TopBy = z.infer<typeof TopBy>;

const TopRow = z.object({ name: z.string(), units: count, grossCents: cents, discountCents: cents, netCents: cents, refundedUnits: count });
export type TopRow = z.infer<typeof TopRow>;
export const TopReport = z.object({ by: TopBy, rows: z.array(TopRow) });
export type TopReport = z.infer<typeof TopReport>;
export const TopQuery = checkedRange(RangeFields.extend({ by: TopBy }));

export const topColumns: ReportColumn<keyof TopRow>[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'units', label: 'Units sold', kind: 'count' },
  { key: 'grossCents', label: 'Gross sales', kind: 'cents' },
  { key: 'discountCents', label: 'Discounts', kind: 'cents' },
  { key: 'netCents', label: 'Sales after discounts', kind: 'cents' },
  { key: 'refundedUnits', label: 'Units refunded', kind: 'count' },
];

const ReturnRow = z.object({ productName: z.string(), reason: z.string(), returns: count, units: count });
const RefundRow = z.object({ reason: z.string(), refunds: count, amountCents: cents });
export type ReturnRow = z.infer<typeof ReturnRow>;
export type RefundRow = z.infer<typeof RefundRow>;
export const ReturnsReport = z.object({ returns: z.array(ReturnRow), refunds: z.array(RefundRow) });
export type ReturnsReport = z.infer<typeof ReturnsReport>;

export const returnColumns: ReportColumn<keyof ReturnRow>[] = [
  { key: 'productName', label: 'Product', kind: 'text' },
  { key: 'reason', label: 'Reason', kind: 'text' },
  { key: 'returns', label: 'Returns', kind: 'count' },
  { key: 'units', label: 'Units', kind: 'count' },
];
export const refundColumns: ReportColumn<keyof RefundRow>[] = [
  { key: 'reason', label: 'Reason', kind: 'text' },
  { key: 'refunds', label: 'Refunds', kind: 'count' },
  { key: 'amountCents', label: 'Refunded', kind: 'cents' },
];

const CouponRow = z.object({ code: z.string(), orders: count, discountCents: cents, salesCents: cents });
export type CouponRow = z.infer<typeof CouponRow>;
export const CouponReport = z.object({ rows: z.array(CouponRow) });
export type CouponReport = z.infer<typeof CouponReport>;
export const couponColumns: ReportColumn<keyof CouponRow>[] = [
  { key: 'code', label: 'Coupon', kind: 'text' },
  { key: 'orders', label: 'Uses', kind: 'count' },
  { key: 'discountCents', label: 'Discount given', kind: 'cents' },
  { key: 'salesCents', label: 'Sales with it', kind: 'cents' },
];

const TaxRow = z.object({
  month: z.string().describe('YYYY-MM'),
  state: z.string(),
  orders: count,
  taxableCents: cents,
  taxCents: cents,
  taxRefundedCents: cents,
  netTaxCents: cents,
});
export type TaxRow = z.infer<typeof TaxRow>;
export const TaxReport = z.object({ rows: z.array(TaxRow) });
export type TaxReport = z.infer<typeof TaxReport>;
export const taxColumns: ReportColumn<keyof TaxRow>[] = [
  { key: 'month', label: 'Month', kind: 'text' },
  { key: 'state', label: 'State', kind: 'text' },
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'taxableCents', label: 'Taxable sales', kind: 'cents' },
  { key: 'taxCents', label: 'Tax collected', kind: 'cents' },
  { key: 'taxRefundedCents', label: 'Tax refunded', kind: 'cents' },
  { key: 'netTaxCents', label: 'Tax due', kind: 'cents' },
];

const InventoryRow = z.object({
  variantId: z.number().int(),
  productName: z.string(),
  variantName: z.string(),
  sku: z.string(),
  stock: count,
  costCents: cents.nullable(),
  valueCents: cents.nullable().describe('stock at cost; null when the cost is not known'),
  soldLast30Days: count,
  sellThroughPercent: z.number().describe('units sold in the last 30 days per unit there was to sell (sold + in stock)'),
  daysOfCover: z.number().int().nullable().describe("days the stock lasts at the last 30 days' rate; null when nothing sold"),
  reorderQuantity: count,
});
export type InventoryRow = z.infer<typeof InventoryRow>;
export const InventoryReport = z.object({
  units: count,
  valueCents: cents,
  variantsWithoutCost: count,
  rows: z.array(InventoryRow),
  lowStock: z.array(InventoryRow),
});
export type InventoryReport = z.infer<typeof InventoryReport>;
export const inventoryColumns: ReportColumn<Exclude<keyof InventoryRow, 'variantId'>>[] = [
  { key: 'productName', label: 'Product', kind: 'text' },
  { key: 'variantName', label: 'Variant', kind: 'text' },
  { key: 'sku', label: 'SKU', kind: 'text' },
  { key: 'stock', label: 'In stock', kind: 'count' },
  { key: 'costCents', label: 'Cost', kind: 'cents' },
  { key: 'valueCents', label: 'Value at cost', kind: 'cents' },
  { key: 'soldLast30Days', label: 'Sold (30 days)', kind: 'count' },
  { key: 'sellThroughPercent', label: 'Sell-through', kind: 'percent' },
  { key: 'daysOfCover', label: 'Days of cover', kind: 'days' },
  { key: 'reorderQuantity', label: 'Reorder', kind: 'count' },
];

/** Paid orders that followed an abandoned-checkout reminder, by how many reminders had been sent (decision 056). */
const RecoveredRow = z.object({ reminder: z.string(), orders: count, revenueCents: cents });
type RecoveredRow = z.infer<typeof RecoveredRow>;
export const RecoveredReport = z.object({ rows: z.array(RecoveredRow), orders: count, revenueCents: cents });
export type RecoveredReport = z.infer<typeof RecoveredReport>;
export const recoveredColumns: ReportColumn<keyof RecoveredRow>[] = [
  { key: 'reminder', label: 'Recovered after', kind: 'text' },
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'revenueCents', label: 'Revenue', kind: 'cents' },
];

/** Every table the Reports tab shows, each downloadable as CSV from /api/admin/reports/<table>/export.csv. */
export const ReportTable = z.enum([
  'sales',
  'products',
  'variants',
  'brands',
  'types',
  'returns',
  'refunds',
  'coupons',
  'tax',
  'recovered',
  'inventory',
  'low-stock',
]);
export type ReportTable = z.infer<typeof ReportTable>;
