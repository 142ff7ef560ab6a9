import { z } from 'zod';
import { fromDecimalText } from './whole-number.ts';
import { decimalAmount, flag, isParsableDate, MAX_INT } from './admin-fields.ts';

function couponDate(field: 'validFrom' | 'validTo') {
  const message = `Invalid date format for ${field}`;
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value == null || isParsableDate(value), message)
    .transform((value) => (value == null ? null : new Date(value).toISOString()));
}

export const CouponInput = z
  .object({
    // stored uppercase: shoppers type codes in any case
    code: z
      .string({ error: 'Coupon code is required' })
      .trim()
      .min(1, 'Coupon code is required')
      .max(50, 'Coupon code must be at most 50 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Coupon code may contain only letters, digits, dashes and underscores')
      .transform((code) => code.toUpperCase()),
    type: z.enum(['percentage', 'fixed'], { error: 'Type must be percentage or fixed' }),
    amount: decimalAmount('Amount'),
    usageLimit: fromDecimalText(
      z
        .number({ error: 'Usage limit must be a whole number' })
        .int('Usage limit must be a whole number')
        .min(0, 'Usage limit cannot be negative')
        .max(MAX_INT, 'Usage limit is too large'),
    ).default(0),
    isActive: flag('isActive').default(true),
    validFrom: couponDate('validFrom'),
    validTo: couponDate('validTo'),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.type === 'percentage' && Number(coupon.amount) > 100) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage discount cannot exceed 100' });
    }
    if (coupon.validFrom && coupon.validTo && Date.parse(coupon.validFrom) > Date.parse(coupon.validTo)) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'End date must be after start date' });
    }
  });
export type CouponInput = z.infer<typeof CouponInput>;

export const AdminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(['percentage', 'fixed']),
  amount: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  usageLimit: z.number().int(),
  timesUsed: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
