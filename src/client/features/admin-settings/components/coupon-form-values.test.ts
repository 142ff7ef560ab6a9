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
    expect(couponFormValues(coupon)).toEqual({
      code: 'SPRING',
      type: 'fixed',
      amount: '5.00',
      usageLimit: '10',
      isActive: false,
      validFrom: '2026-03-01T08:00',
      validTo: '',
      rules: {
        kind: 'code',
        title: '',
        minSubtotal: null,
        minQuantity: 0,
        appliesTo: {},
        quantityBreaks: [],
        buyXGetY: null,
        perCustomerLimit: 1,
        combinesWithCodes: false,
      },
    });
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
