import { Calculator, ShieldCheck } from 'lucide-react';
import type { CouponResult, TaxResult } from '#common/schemas/checkout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import type { CheckoutTotals } from '../checkout-totals.ts';
import { CouponBox } from './coupon-box.tsx';
import { OrderSummary } from './order-summary.tsx';

interface OrderSummaryCardProps {
  totals: CheckoutTotals;
  coupon: CouponResult | null;
  onCouponChange: (coupon: CouponResult | null) => void;
  tax: TaxResult | null;
  isCalculatingTax: boolean;
  onCalculateTax: () => void;
  /** false once a payment is ready: the card form takes over */
  showProceed: boolean;
  preparingPayment: boolean;
  onProceed: () => void;
}

/** The coupon, the totals, Calculate Tax and Proceed to Checkout. */
export function OrderSummaryCard(props: OrderSummaryCardProps) {
  const { totals, coupon, tax } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <CouponBox coupon={coupon} onApplied={props.onCouponChange} onRemoved={() => props.onCouponChange(null)} />
        <OrderSummary totals={totals} couponCode={coupon?.code ?? null} tax={tax} freeShippingGapCents={totals.freeShippingGapCents} />
        <div className="grid gap-3">
          <Button variant="outline" onClick={props.onCalculateTax} disabled={props.isCalculatingTax}>
            <Calculator className="h-4 w-4" aria-hidden="true" />
            {props.isCalculatingTax ? 'Calculating...' : 'Calculate Tax'}
          </Button>
          {props.showProceed ? (
            <Button size="lg" onClick={props.onProceed} disabled={props.preparingPayment}>
              <ShieldCheck className="h-5 w-5" aria-hidden="true" />
              {props.preparingPayment ? 'Preparing payment...' : 'Proceed to Checkout'}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
