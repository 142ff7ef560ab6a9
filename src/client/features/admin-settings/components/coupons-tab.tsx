import { useRef, useState } from 'react';
import type { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { CouponForm } from './coupon-form.tsx';
import { CouponList } from './coupon-list.tsx';

/** Coupons: Edit fills the form and scrolls up to it. */
export function CouponsTab() {
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <CouponForm ref={formRef} editing={editing} onDone={() => setEditing(null)} />
      <CouponList
        onEdit={(coupon) => {
          setEditing(coupon);
          formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
    </div>
  );
}
