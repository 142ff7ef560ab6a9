import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscountCents, couponForTotals, orderTotals, settingCents, shippingCents } from './order-totals.ts';

const base = { shippingCostCents: 599, freeShippingThresholdCents: 5000, taxCents: 0 };

describe('orderTotals', () => {
  it('adds lines, shipping under the threshold and tax', () => {
    const totals = orderTotals({ ...base, items: [{ priceCents: 1999, quantity: 2 }], taxCents: 290 });
    expect(totals).toEqual({ subtotal: 3998, discount: 0, shipping: 599, tax: 290, total: 4887 });
  });

  it('ships free at exactly the threshold and above it', () => {
    expect(orderTotals({ ...base, items: [{ priceCents: 5000, quantity: 1 }] }).shipping).toBe(0);
    expect(orderTotals({ ...base, items: [{ priceCents: 4999, quantity: 1 }] }).shipping).toBe(599);
  });

  it('ships free when either shipping setting is missing', () => {
    expect(shippingCents(100, null, 5000)).toBe(0);
    expect(shippingCents(100, 599, null)).toBe(0);
  });

  it('takes a percentage of the subtotal rounded to the cent, half up', () => {
    expect(couponDiscountCents(1005, { type: 'percentage', percent: 10 })).toBe(101); // 100.5 -> 101
    expect(couponDiscountCents(1004, { type: 'percentage', percent: 10 })).toBe(100); // 100.4 -> 100
    expect(couponDiscountCents(3333, { type: 'percentage', percent: 12.5 })).toBe(417); // 416.625
  });

  it('takes at most the subtotal for a fixed coupon', () => {
    expect(couponDiscountCents(1000, { type: 'fixed', amountCents: 2500 })).toBe(1000);
    expect(couponDiscountCents(3000, { type: 'fixed', amountCents: 2500 })).toBe(2500);
  });

  it('bases free shipping on the subtotal before the discount', () => {
    const totals = orderTotals({ ...base, items: [{ priceCents: 6000, quantity: 1 }], coupon: { type: 'fixed', amountCents: 2000 } });
    expect(totals).toEqual({ subtotal: 6000, discount: 2000, shipping: 0, tax: 0, total: 4000 });
  });

  it('never goes below zero and counts a missing price as 0', () => {
    const totals = orderTotals({ ...base, items: [{ priceCents: Number.NaN, quantity: 3 }], coupon: { type: 'percentage', percent: 100 } });
    expect(totals.subtotal).toBe(0);
    expect(totals.total).toBe(599);
  });

  it('reads API coupons and settings', () => {
    expect(couponForTotals({ type: 'fixed', amount: '10.50' })).toEqual({ type: 'fixed', amountCents: 1050 });
    expect(couponForTotals({ type: 'percentage', amount: '15.00' })).toEqual({ type: 'percentage', percent: 15 });
    expect(couponForTotals(null)).toBeNull();
    expect(settingCents('5.99')).toBe(599);
    expect(settingCents(null)).toBeNull();
    expect(settingCents('')).toBeNull();
  });
});

describe('orderTotals properties', () => {
  const item = fc.record({ priceCents: fc.integer({ min: 0, max: 10_000_00 }), quantity: fc.integer({ min: 1, max: 999 }) });
  const coupon = fc.option(
    fc.oneof(
      fc.record({ type: fc.constant('percentage' as const), percent: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100) }),
      fc.record({ type: fc.constant('fixed' as const), amountCents: fc.integer({ min: 0, max: 1_000_000 }) }),
    ),
    { nil: null },
  );
  const setting = fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null });
  const input = fc.record({
    items: fc.array(item, { minLength: 0, maxLength: 20 }),
    coupon,
    shippingCostCents: setting,
    freeShippingThresholdCents: setting,
    taxCents: fc.integer({ min: 0, max: 1_000_000 }),
  });

  it('is never negative and every figure is an integer number of cents', () => {
    fc.assert(
      fc.property(input, (value) => {
        const totals = orderTotals(value);
        for (const figure of Object.values(totals)) {
          expect(Number.isInteger(figure)).toBe(true);
          expect(figure).toBeGreaterThanOrEqual(0);
        }
        expect(totals.discount).toBeLessThanOrEqual(totals.subtotal);
      }),
    );
  });

  it('equals the spec formula computed in exact integer arithmetic', () => {
    fc.assert(
      fc.property(input, (value) => {
        const subtotal = value.items.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
        let discount = 0;
        if (value.coupon?.type === 'fixed') discount = Math.min(value.coupon.amountCents, subtotal);
        if (value.coupon?.type === 'percentage') {
          // BigInt: subtotal x hundredths / 10000, half up
          const hundredths = BigInt(Math.round(value.coupon.percent * 100));
          discount = Math.min(Number((BigInt(subtotal) * hundredths * 2n + 10000n) / 20000n), subtotal);
        }
        const free = value.shippingCostCents === null || value.freeShippingThresholdCents === null || subtotal >= value.freeShippingThresholdCents;
        const shipping = free ? 0 : value.shippingCostCents!;
        const total = Math.max(0, subtotal - discount + shipping + value.taxCents);
        expect(orderTotals(value)).toEqual({ subtotal, discount, shipping, tax: value.taxCents, total });
      }),
    );
  });
});
