import type { AdminCoupon } from '#common/schemas/admin-coupons.ts';

/** The coupon form as typed; dates in the datetime-local format of the admin's own clock. */
export interface CouponFormValues {
  code: string;
  type: AdminCoupon['type'];
  amount: string;
  usageLimit: string;
  isActive: boolean;
  validFrom: string;
  validTo: string;
  /** the discount engine's rules (decision 058), kept as they are when this form saves the discount */
  rules: DiscountRules;
}

type DiscountRules = Pick<
  AdminCoupon,
  'kind' | 'title' | 'minSubtotal' | 'minQuantity' | 'appliesTo' | 'quantityBreaks' | 'buyXGetY' | 'perCustomerLimit' | 'combinesWithCodes'
>;

const plainCode: DiscountRules = {
  kind: 'code',
  title: '',
  minSubtotal: null,
  minQuantity: 0,
  appliesTo: {},
  quantityBreaks: [],
  buyXGetY: null,
  perCustomerLimit: 0,
  combinesWithCodes: false,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-22T21:05" in local time, as <input type="datetime-local"> wants it. */
export function toLocalInput(value: Date | string | null): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO instant from the local input; text that is not a date goes on as typed so the schema reports it. */
export function fromLocalInput(value: string): string {
  if (!value.trim()) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** Percentage, amount 0, usage limit 0 (unlimited), active, valid from now for 30 days. */
export function defaultCouponValues(now = new Date()): CouponFormValues {
  return {
    code: '',
    type: 'percentage',
    amount: '0',
    usageLimit: '0',
    isActive: true,
    validFrom: toLocalInput(now),
    validTo: toLocalInput(new Date(now.getTime() + THIRTY_DAYS_MS)),
    rules: plainCode,
  };
}

export function couponFormValues(coupon: AdminCoupon): CouponFormValues {
  return {
    code: coupon.code,
    type: coupon.type,
    amount: coupon.amount,
    usageLimit: String(coupon.usageLimit),
    isActive: coupon.isActive,
    validFrom: toLocalInput(coupon.validFrom),
    validTo: toLocalInput(coupon.validTo),
    rules: {
      kind: coupon.kind,
      title: coupon.title,
      minSubtotal: coupon.minSubtotal,
      minQuantity: coupon.minQuantity,
      appliesTo: coupon.appliesTo,
      quantityBreaks: coupon.quantityBreaks,
      buyXGetY: coupon.buyXGetY,
      perCustomerLimit: coupon.perCustomerLimit,
      combinesWithCodes: coupon.combinesWithCodes,
    },
  };
}

/** The JSON the API takes, before the shared schema checks it. */
export function couponPayload(values: CouponFormValues) {
  return {
    code: values.code,
    type: values.type,
    amount: values.amount,
    usageLimit: values.usageLimit,
    isActive: values.isActive,
    validFrom: fromLocalInput(values.validFrom),
    validTo: fromLocalInput(values.validTo),
    ...values.rules,
  };
}
