import { Link } from 'wouter';
import { ShieldCheck } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { useDiscountPreview } from '../api/preview-discounts.ts';
import { setAppliedCoupon, useAppliedCoupon } from '../applied-coupon.ts';
import type { CheckoutLine } from '../checkout-rules.ts';
import { checkoutTotals } from '../checkout-totals.ts';
import { CouponBox } from './coupon-box.tsx';
import { OrderSummary } from './order-summary.tsx';

/**
 * The cart's Order Summary: the coupon box, the totals before tax (tax needs the address, which checkout
 * asks for) and the contract's "Proceed to Checkout", now a link to /checkout, where the same coupon applies.
 */
export default function CartSummary({ lines }: { lines: readonly CheckoutLine[] }) {
  const { data: settings } = useSiteSettings();
  const coupon = useAppliedCoupon();
  const discounts = useDiscountPreview(lines, coupon?.code ?? null);
  const totals = checkoutTotals(lines, coupon, settings, 0, undefined, discounts);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <CouponBox coupon={coupon} onApplied={setAppliedCoupon} onRemoved={() => setAppliedCoupon(null)} />
        <OrderSummary
          totals={totals}
          couponCode={coupon?.code ?? null}
          tax={null}
          taxPending="Calculated at checkout"
          freeShippingGapCents={totals.freeShippingGapCents}
          discounts={discounts?.discounts}
        />
        <Link href="/checkout" className={buttonClasses('default', 'lg', 'w-full')}>
          <ShieldCheck className="h-5 w-5" aria-hidden="true" />
          Proceed to Checkout
        </Link>
      </CardContent>
    </Card>
  );
}
