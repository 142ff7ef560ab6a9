import type { AdminCoupon } from '#common/schemas/admin-coupons.ts';

/** What the "Discount type" menu offers: the spec's three, and the engine's two ways of pricing (decision 058). */
type DiscountChoice = AdminCoupon['type'] | 'quantity_breaks' | 'buy_x_get_y';

/** Which lines a rule looks at, as the pickers hold them (ids), every list present. */
export interface ScopeValues {
  productIds: number[];
  variantIds: number[];
  productTypeIds: number[];
  brandIds: number[];
}

/**
 * The coupon form as typed; dates in the datetime-local format of the admin's own clock. Fields carry
 * the API's names, so the shared schema's messages land under the fields they are about.
 */
export interface CouponFormValues {
  kind: AdminCoupon['kind'];
  code: string;
  title: string;
  type: DiscountChoice;
  amount: string;
  quantityBreaks: Array<{ minQuantity: string; percent: string }>;
  buyXGetY: { buyQuantity: string; buy: ScopeValues; getQuantity: string; get: ScopeValues; percent: string };
  minSubtotal: string;
  minQuantity: string;
  appliesTo: ScopeValues;
  usageLimit: string;
  perCustomerLimit: string;
  combinesWithCodes: boolean;
  isActive: boolean;
  validFrom: string;
  validTo: string;
  /** the chosen ids' names ("product:12" -> "Club Ball"), shown on their chips; never sent */
  names: Record<string, string>;
}

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

const emptyScope = (): ScopeValues => ({ productIds: [], variantIds: [], productTypeIds: [], brandIds: [] });
const scopeValues = (scope: AdminCoupon['appliesTo']): ScopeValues => ({ ...emptyScope(), ...scope });
export const emptyBreak = () => ({ minQuantity: '', percent: '' });
const emptyBuyXGetY = (): CouponFormValues['buyXGetY'] => ({ buyQuantity: '1', buy: emptyScope(), getQuantity: '1', get: emptyScope(), percent: '100' });

/** Percentage, amount 0, usage limit 0 (unlimited), active, valid from now for 30 days; a code, no other rules. */
export function defaultCouponValues(now = new Date()): CouponFormValues {
  return {
    kind: 'code',
    code: '',
    title: '',
    type: 'percentage',
    amount: '0',
    quantityBreaks: [emptyBreak()],
    buyXGetY: emptyBuyXGetY(),
    minSubtotal: '',
    minQuantity: '0',
    appliesTo: emptyScope(),
    usageLimit: '0',
    perCustomerLimit: '0',
    combinesWithCodes: false,
    isActive: true,
    validFrom: toLocalInput(now),
    validTo: toLocalInput(new Date(now.getTime() + THIRTY_DAYS_MS)),
    names: {},
  };
}

function choiceOf(coupon: AdminCoupon): DiscountChoice {
  if (coupon.buyXGetY) return 'buy_x_get_y';
  if (coupon.quantityBreaks.length > 0) return 'quantity_breaks';
  return coupon.type;
}

export function couponFormValues(coupon: AdminCoupon): CouponFormValues {
  const fresh = defaultCouponValues();
  const bxgy = coupon.buyXGetY;
  return {
    kind: coupon.kind,
    // an automatic discount's drawn code is never typed (decision 058)
    code: coupon.kind === 'code' ? coupon.code : '',
    title: coupon.title,
    type: choiceOf(coupon),
    amount: coupon.amount,
    quantityBreaks:
      coupon.quantityBreaks.length > 0
        ? coupon.quantityBreaks.map((step) => ({ minQuantity: String(step.minQuantity), percent: String(step.percent) }))
        : fresh.quantityBreaks,
    buyXGetY: bxgy
      ? {
          buyQuantity: String(bxgy.buyQuantity),
          buy: scopeValues(bxgy.buy),
          getQuantity: String(bxgy.getQuantity),
          get: scopeValues(bxgy.get),
          percent: String(bxgy.percent),
        }
      : fresh.buyXGetY,
    minSubtotal: coupon.minSubtotal ?? '',
    minQuantity: String(coupon.minQuantity),
    appliesTo: scopeValues(coupon.appliesTo),
    usageLimit: String(coupon.usageLimit),
    perCustomerLimit: String(coupon.perCustomerLimit),
    combinesWithCodes: coupon.combinesWithCodes,
    isActive: coupon.isActive,
    validFrom: toLocalInput(coupon.validFrom),
    validTo: toLocalInput(coupon.validTo),
    names: coupon.scopeNames,
  };
}

/** A number field as the schema checks it: empty is NaN, so a required count says it must be a number. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** An optional count left empty means none. */
const countOf = (text: string) => (text.trim() === '' ? 0 : Number(text));

/** Only the lists with ids: an empty list and a missing one both mean "every line". */
const scopePayload = (scope: ScopeValues) => Object.fromEntries(Object.entries(scope).filter(([, ids]) => ids.length > 0));

/** The JSON the API takes, before the shared schema checks it. Rules the chosen type does not use are sent empty. */
export function couponPayload(values: CouponFormValues) {
  const automatic = values.kind === 'automatic';
  const priced = values.type === 'percentage' || values.type === 'fixed';
  return {
    kind: values.kind,
    ...(automatic ? {} : { code: values.code }),
    title: values.title,
    // breaks and buy X get Y give their own percent: the engine reads them as percentage discounts
    type: priced || values.type === 'free_shipping' ? values.type : 'percentage',
    amount: priced ? values.amount : '0',
    quantityBreaks:
      values.type === 'quantity_breaks'
        ? values.quantityBreaks.map((step) => ({ minQuantity: numberOf(step.minQuantity), percent: numberOf(step.percent) }))
        : [],
    buyXGetY:
      values.type === 'buy_x_get_y'
        ? {
            buyQuantity: numberOf(values.buyXGetY.buyQuantity),
            buy: scopePayload(values.buyXGetY.buy),
            getQuantity: numberOf(values.buyXGetY.getQuantity),
            get: scopePayload(values.buyXGetY.get),
            percent: numberOf(values.buyXGetY.percent),
          }
        : null,
    minSubtotal: values.minSubtotal.trim() === '' ? null : values.minSubtotal,
    minQuantity: countOf(values.minQuantity),
    appliesTo: scopePayload(values.appliesTo),
    // automatic discounts have no usage counts (decision 058): their hidden limit fields are not sent
    usageLimit: automatic ? '0' : values.usageLimit,
    perCustomerLimit: automatic ? 0 : countOf(values.perCustomerLimit),
    combinesWithCodes: automatic && values.combinesWithCodes,
    isActive: values.isActive,
    validFrom: fromLocalInput(values.validFrom),
    validTo: fromLocalInput(values.validTo),
  };
}
