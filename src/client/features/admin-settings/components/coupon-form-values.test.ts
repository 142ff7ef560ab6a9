import { describe, expect, it } from 'vitest';
import { CouponInput } from '#common/schemas/admin-coupons.ts';
import { couponFormValues, couponPayload, defaultCouponValues, fromLocalInput, toLocalInput } from './coupon-form-values.ts';

describe('coupon form values', () => {
  it('starts with the defaults: percentage, 0, unlimited, active, now to 30 days later', () => {
    const now = new Date(2026, 0, 10, 9, 30);
    const values = defaultCouponValues(now);
    expect(values).toMatchObject({ code: '', type: 'percentage', amount: '0', usageLimit: '0', isActive: true });
    expect(values.validFrom).toBe('2026-01-10T09:30');
    expect(values.validTo).toBe('2026-02-09T09:30');
  });

  it('turns local date-times into instants and back', () => {
    const local = '2026-03-05T14:45';
    expect(toLocalInput(fromLocalInput(local))).toBe(local);
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput(null)).toBe('');
  });

  it('fills the form from a coupon for Edit', () => {
    const coupon = {
      id: 3,
      code: 'SPRING',
      type: 'fixed' as const,
      amount: '5.00',
      usageLimit: 10,
      timesUsed: 2,
      isActive: false,
      validFrom: new Date(2026, 2, 1, 8, 0).toISOString(),
      validTo: null,
      createdAt: new Date().toISOString(),
      kind: 'code' as const,
      title: '',
      status: 'inactive' as const,
      minSubtotal: null,
      minQuantity: 0,
      appliesTo: {},
      quantityBreaks: [],
      buyXGetY: null,
      perCustomerLimit: 1,
      combinesWithCodes: false,
      scopeNames: {},
    };
    expect(couponFormValues(coupon)).toMatchObject({
      kind: 'code',
      code: 'SPRING',
      type: 'fixed',
      amount: '5.00',
      usageLimit: '10',
      perCustomerLimit: '1',
      isActive: false,
      validFrom: '2026-03-01T08:00',
      validTo: '',
      minSubtotal: '',
      minQuantity: '0',
      appliesTo: { productIds: [], variantIds: [], productTypeIds: [], brandIds: [] },
      combinesWithCodes: false,
    });
    const breaks = couponFormValues({
      ...coupon,
      kind: 'automatic',
      code: 'AUTO-X',
      title: 'Balls',
      quantityBreaks: [{ minQuantity: 12, percent: 10 }],
      minSubtotal: '20.00',
    });
    expect(breaks).toMatchObject({
      kind: 'automatic',
      code: '',
      type: 'quantity_breaks',
      quantityBreaks: [{ minQuantity: '12', percent: '10' }],
      minSubtotal: '20.00',
    });
  });

  it('sends only what the chosen type uses, and nothing an automatic discount cannot have', () => {
    const values = {
      ...defaultCouponValues(),
      kind: 'automatic' as const,
      title: 'Balls',
      code: 'IGNORED',
      type: 'quantity_breaks' as const,
      usageLimit: '5',
      perCustomerLimit: '2',
    };
    const payload = couponPayload({ ...values, quantityBreaks: [{ minQuantity: '12', percent: '10' }], combinesWithCodes: true, amount: '30' });
    expect(payload).toMatchObject({
      kind: 'automatic',
      type: 'percentage',
      amount: '0',
      quantityBreaks: [{ minQuantity: 12, percent: 10 }],
      buyXGetY: null,
      usageLimit: '0',
      perCustomerLimit: 0,
      combinesWithCodes: true,
    });
    expect(payload).not.toHaveProperty('code');
    expect(CouponInput.safeParse(payload).success).toBe(true);
    // a code never combines, and an empty minimum is none
    const code = couponPayload({ ...defaultCouponValues(), code: 'x', combinesWithCodes: true, minSubtotal: ' ', minQuantity: '' });
    expect(code).toMatchObject({ code: 'x', quantityBreaks: [], combinesWithCodes: false, minSubtotal: null, minQuantity: 0, appliesTo: {} });
  });

  it('gives the shared schema what it needs, and its messages', () => {
    const ok = CouponInput.safeParse(couponPayload({ ...defaultCouponValues(), code: 'save10', amount: '10' }));
    expect(ok.success && ok.data.code).toBe('SAVE10');
    const backwards = CouponInput.safeParse(couponPayload({ ...defaultCouponValues(), code: 'X', validFrom: '2026-05-01T00:00', validTo: '2026-04-01T00:00' }));
    expect(backwards.error?.issues).toEqual([expect.objectContaining({ path: ['validTo'], message: 'End date must be after start date' })]);
    const garbled = CouponInput.safeParse(couponPayload({ ...defaultCouponValues(), code: 'X', validFrom: 'soon' }));
    expect(garbled.error?.issues[0]?.message).toBe('Invalid date format for validFrom');
  });
});
