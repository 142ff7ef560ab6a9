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

const ids = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label} must be ids` })
        .int(`${label} must be ids`)
        .positive(`${label} must be ids`),
      { error: `${label} must be ids` },
    )
    .max(500);

/** Which lines a discount looks at; every list left empty: the whole cart (decision 058). */
const DiscountScope = z
  .object({ productIds: ids('Products'), variantIds: ids('Variants'), productTypeIds: ids('Product types'), brandIds: ids('Brands') })
  .partial();

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .gt(0, `${label} must be more than 0`)
    .max(100, `${label} cannot exceed 100`);
const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);

const QuantityBreak = z.object({ minQuantity: count('Break quantity').min(1, 'Break quantity must be at least 1'), percent: percent('Break percent') });

const BuyXGetY = z.object({
  buyQuantity: count('Buy quantity').min(1, 'Buy quantity must be at least 1'),
  buy: DiscountScope,
  getQuantity: count('Get quantity').min(1, 'Get quantity must be at least 1'),
  get: DiscountScope,
  percent: percent('Get percent'),
});

/** The discount engine's rules; all optional, so a coupon sent as before stays a plain code. */
const discountRules = {
  kind: z.enum(['code', 'automatic'], { error: 'Kind must be code or automatic' }).default('code'),
  title: z.string({ error: 'Title must be text' }).trim().max(80, 'Title must be at most 80 characters').default(''),
  minSubtotal: decimalAmount('Minimum subtotal')
    .nullish()
    .transform((value) => value ?? null),
  minQuantity: count('Minimum quantity').default(0),
  appliesTo: DiscountScope.default({}),
  quantityBreaks: z.array(QuantityBreak, { error: 'Quantity breaks must be a list' }).max(10, 'At most 10 quantity breaks').default([]),
  buyXGetY: BuyXGetY.nullish().transform((value) => value ?? null),
  perCustomerLimit: count('Per-customer limit').default(0),
  combinesWithCodes: flag('combinesWithCodes').default(false),
};

type RuleFields = Pick<z.output<z.ZodObject<typeof discountRules>>, 'kind' | 'quantityBreaks' | 'buyXGetY' | 'perCustomerLimit' | 'combinesWithCodes'> & {
  type: 'percentage' | 'fixed' | 'free_shipping';
  usageLimit: number;
};

/**
 * Rules the engine would read one way and the owner meant another (decision 067): one way to price
 * (breaks, buy X get Y or the amount), limits only where the engine counts them.
 */
function ruleProblems(coupon: RuleFields): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const breaks = coupon.quantityBreaks;
  if (breaks.length > 0 && coupon.buyXGetY) problems.push(['buyXGetY', 'Choose quantity breaks or buy X get Y, not both']);
  if (coupon.type !== 'percentage' && (breaks.length > 0 || coupon.buyXGetY)) problems.push(['type', 'Quantity breaks and buy X get Y take a percentage']);
  if (new Set(breaks.map((step) => step.minQuantity)).size !== breaks.length) problems.push(['quantityBreaks', 'Each break needs its own quantity']);
  if (coupon.kind === 'automatic') {
    // automatic discounts have no usage counts (decision 058): a limit here would never hold
    if (coupon.usageLimit > 0) problems.push(['usageLimit', 'An automatic discount has no usage limit']);
    if (coupon.perCustomerLimit > 0) problems.push(['perCustomerLimit', 'An automatic discount has no per-customer limit']);
  } else if (coupon.combinesWithCodes) problems.push(['combinesWithCodes', 'Only an automatic discount combines with a code']);
  return problems;
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
      .transform((code) => code.toUpperCase())
      // an automatic discount needs none: it gets a drawn one
      .optional(),
    // the message keeps the spec's words: free_shipping is the engine's addition (decision 058)
    type: z.enum(['percentage', 'fixed', 'free_shipping'], { error: 'Type must be percentage or fixed' }),
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
    ...discountRules,
  })
  .superRefine((coupon, ctx) => {
    if (coupon.kind === 'code' && coupon.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Coupon code is required' });
    if (coupon.kind === 'automatic' && coupon.title === '') ctx.addIssue({ code: 'custom', path: ['title'], message: 'An automatic discount needs a title' });
    if (coupon.type === 'percentage' && Number(coupon.amount) > 100) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage discount cannot exceed 100' });
    }
    if (coupon.validFrom && coupon.validTo && Date.parse(coupon.validFrom) > Date.parse(coupon.validTo)) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'End date must be after start date' });
    }
    ruleProblems(coupon).forEach(([path, message]) => ctx.addIssue({ code: 'custom', path: [path], message }));
  });
export type CouponInput = z.infer<typeof CouponInput>;

export const AdminCoupon = z.object({
  id: z.number().int(),
  kind: z.enum(['code', 'automatic']),
  /** an automatic discount's code is drawn, never typed: the admin shows its title */
  code: z.string(),
  title: z.string(),
  type: z.enum(['percentage', 'fixed', 'free_shipping']),
  amount: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  usageLimit: z.number().int(),
  timesUsed: z.number().int(),
  isActive: z.boolean(),
  /** scheduled: starts later; expired: ended or used up; inactive: switched off */
  status: z.enum(['active', 'scheduled', 'expired', 'inactive']),
  minSubtotal: z.string().nullable(),
  minQuantity: z.number().int(),
  appliesTo: DiscountScope,
  quantityBreaks: z.array(QuantityBreak),
  buyXGetY: BuyXGetY.nullable(),
  perCustomerLimit: z.number().int(),
  combinesWithCodes: z.boolean(),
  /** the names of the products, variants, types and brands its rules name ("type:3" -> "Balls"), for the rule in words */
  scopeNames: z.record(z.string(), z.string()).default({}),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
