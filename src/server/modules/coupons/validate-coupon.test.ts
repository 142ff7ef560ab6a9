import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoupon } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { couponProblem, type CouponRow } from './coupon-service.ts';

let t: TestApp;
const day = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  t = await createTestApp();
  await addCoupon(t.db, { code: 'SPRING15', type: 'percentage', amount: '15' });
  await addCoupon(t.db, { code: 'TENOFF', type: 'fixed', amount: '10.5', usageLimit: 0, timesUsed: 500 });
  await addCoupon(t.db, { code: 'PAUSED', type: 'fixed', amount: '5', isActive: false });
  await addCoupon(t.db, { code: 'LATER', type: 'fixed', amount: '5', validFrom: new Date(Date.now() + day) });
  await addCoupon(t.db, { code: 'GONE', type: 'fixed', amount: '5', validTo: new Date(Date.now() - day) });
  await addCoupon(t.db, { code: 'FULL', type: 'fixed', amount: '5', usageLimit: 3, timesUsed: 3 });
});
afterAll(() => t.close());

const validate = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: payload as object });

describe('POST /api/validate-coupon', () => {
  it('answers type and amount, whatever the case typed', async () => {
    const res = await validate({ code: '  spring15 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'SPRING15', type: 'percentage', amount: '15.00' });
    // usage limit 0 is unlimited
    expect((await validate({ code: 'TenOff' })).json()).toEqual({ code: 'TENOFF', type: 'fixed', amount: '10.50' });
  });

  it.each([
    ['NOSUCH', 404, 'Invalid coupon code'],
    ['PAUSED', 400, 'This coupon is not active'],
    ['LATER', 400, 'This coupon is not yet valid'],
    ['GONE', 400, 'This coupon has expired'],
    ['FULL', 409, 'This coupon has reached its usage limit'],
  ])('refuses %s with %i "%s"', async (code, status, message) => {
    const res = await validate({ code });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  });

  it('refuses missing, empty, overlong and non-text codes with 400', async () => {
    for (const payload of [{}, { code: '' }, { code: 'x'.repeat(51) }, { code: 42 }, { code: null }]) {
      const res = await validate(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid coupon code');
    }
  });
});

describe('couponProblem', () => {
  const base: CouponRow = {
    id: 1,
    kind: 'code',
    code: 'X',
    title: '',
    type: 'fixed',
    amount: '5',
    minSubtotal: null,
    minQuantity: 0,
    appliesTo: {},
    quantityBreaks: [],
    buyXGetY: null,
    perCustomerLimit: 0,
    combinesWithCodes: false,
    validFrom: null,
    validTo: null,
    usageLimit: 0,
    timesUsed: 0,
    isActive: true,
    createdAt: new Date(),
  };
  const now = new Date('2026-06-01T12:00:00Z');
  it('checks activity, dates (inclusive) and the usage limit counting reserved uses', () => {
    expect(couponProblem(base, now)).toBeNull();
    expect(couponProblem(null, now)).toBe('unknown');
    expect(couponProblem({ ...base, validTo: now }, now)).toBeNull();
    expect(couponProblem({ ...base, validFrom: now }, now)).toBeNull();
    expect(couponProblem({ ...base, usageLimit: 2, timesUsed: 1 }, now)).toBeNull();
    expect(couponProblem({ ...base, usageLimit: 2, timesUsed: 2 }, now)).toBe('exhausted');
    expect(couponProblem({ ...base, isActive: false, usageLimit: 1, timesUsed: 1 }, now)).toBe('inactive');
  });
});
