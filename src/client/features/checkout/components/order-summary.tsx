import type { ReactNode } from 'react';
import { formatCents } from '#common/money.ts';
import type { OrderTotals, TaxResult } from '#common/schemas/checkout.ts';
import type { DiscountPreview } from '#common/schemas/discounts.ts';
import { isTaxEstimate, taxLabel } from '../checkout-rules.ts';

interface OrderSummaryProps {
  totals: OrderTotals;
  /** the applied coupon's code: the discount row shows only with one */
  couponCode: string | null;
  tax: TaxResult | null;
  /** what the tax row says while there is no tax figure ("Calculating…", "Calculated at checkout") */
  taxPending: string;
  /** cents still missing for free shipping, when shipping is charged; omitted where the page says it elsewhere */
  freeShippingGapCents?: number | null;
  /** the server's discounts, each with why (decision 058); absent: the coupon's row alone */
  discounts?: DiscountPreview['discounts'];
}

function Row({ label, value, total }: { label: ReactNode; value: ReactNode; total?: boolean }) {
  return (
    <div className={total ? 'mt-2 flex items-baseline justify-between gap-4 border-t border-gray-100 pt-3' : 'flex justify-between gap-4 py-1.5 text-sm'}>
      <dt className={total ? 'text-base font-semibold text-gray-900' : 'text-gray-700'}>{label}</dt>
      <dd className={total ? 'text-lg font-bold text-gray-900 tabular-nums' : 'text-right font-medium text-gray-900 tabular-nums'}>{value}</dd>
    </div>
  );
}

/** Subtotal, discount (with a coupon only), shipping, tax, total, as orderTotals (src/common) computes them. */
/** A discount's row: a code keeps the spec's "Discount (CODE)", an automatic one says why ("Balls 36+: 15 % off"). */
function DiscountRows({ discounts, couponCode, totals }: { discounts: OrderSummaryProps['discounts']; couponCode: string | null; totals: OrderTotals }) {
  if (!discounts) {
    return couponCode ? <Row label={`Discount (${couponCode})`} value={<span className="text-green-800">-{formatCents(totals.discount)}</span>} /> : null;
  }
  return discounts.map((discount) => (
    <Row
      key={`${discount.kind}:${discount.label}`}
      label={discount.kind === 'code' && couponCode ? `Discount (${couponCode})` : discount.label}
      value={<span className="text-green-800">{discount.freeShipping ? 'Free shipping' : `-${formatCents(discount.amountCents)}`}</span>}
    />
  ));
}

export function OrderSummary({ totals, couponCode, tax, taxPending, freeShippingGapCents = null, discounts }: OrderSummaryProps) {
  return (
    <div>
      <dl aria-label="Order totals">
        <Row label="Subtotal" value={formatCents(totals.subtotal)} />
        <DiscountRows discounts={discounts} couponCode={couponCode} totals={totals} />
        <Row label="Shipping" value={totals.shipping === 0 ? 'Free' : formatCents(totals.shipping)} />
        <Row label={taxLabel(tax)} value={tax ? formatCents(totals.tax) : <span className="font-normal text-gray-600">{taxPending}</span>} />
        <Row label="Total" value={formatCents(totals.total)} total />
      </dl>
      {isTaxEstimate(tax) ? (
        <p className="mt-2 text-xs text-gray-600" data-testid="tax-estimate-note">
          Estimated from your state&apos;s sales tax plus its average local rate. The amount shown is what you pay.
        </p>
      ) : null}
      {freeShippingGapCents !== null && freeShippingGapCents > 0 ? (
        <p className="mt-2 text-xs text-gray-600">Add {formatCents(freeShippingGapCents)} more for free shipping.</p>
      ) : null}
    </div>
  );
}
