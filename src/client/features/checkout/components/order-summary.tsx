import type { ReactNode } from 'react';
import { formatCents } from '#common/money.ts';
import type { OrderTotals } from '#common/order-totals.ts';
import type { TaxResult } from '#common/schemas/checkout.ts';
import { taxPercentText } from '../checkout-rules.ts';

interface OrderSummaryProps {
  totals: OrderTotals;
  couponCode: string | null;
  tax: TaxResult | null;
  /** cents still missing for free shipping, when shipping is charged */
  freeShippingGapCents: number | null;
}

function Row({ label, value, className }: { label: ReactNode; value: ReactNode; className?: string }) {
  return (
    <div className={className ?? 'flex justify-between gap-4 py-1.5 text-sm'}>
      <dt className="text-gray-700">{label}</dt>
      <dd className="text-right font-medium text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** spec/storefront.md §2: subtotal, discount, shipping, tax, total, as orderTotals (src/common) computes them. */
export function OrderSummary({ totals, couponCode, tax, freeShippingGapCents }: OrderSummaryProps) {
  return (
    <dl aria-label="Order totals" className="divide-y divide-gray-100">
      <div className="pb-2">
        <Row label="Subtotal" value={formatCents(totals.subtotal)} />
        <Row
          label={couponCode ? `Discount (${couponCode})` : 'Discount'}
          value={totals.discount > 0 ? <span className="text-green-800">-{formatCents(totals.discount)}</span> : formatCents(0)}
        />
        <Row label="Shipping" value={totals.shipping === 0 ? 'Free' : formatCents(totals.shipping)} />
        <Row
          label={tax ? `Tax (${taxPercentText(tax.rate)}%)` : 'Tax'}
          value={tax ? formatCents(totals.tax) : <span className="font-normal text-gray-600">Not calculated yet</span>}
        />
        {freeShippingGapCents !== null && freeShippingGapCents > 0 ? (
          <p className="pt-1 text-xs text-gray-600">Add {formatCents(freeShippingGapCents)} more for free shipping.</p>
        ) : null}
      </div>
      <Row label={<span className="text-base font-semibold text-gray-900">Total</span>} value={<span className="text-lg font-bold">{formatCents(totals.total)}</span>} className="flex items-baseline justify-between gap-4 pt-3" />
    </dl>
  );
}
