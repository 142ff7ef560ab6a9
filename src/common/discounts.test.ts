import { describe, expect, it } from 'vitest';
import { applyDiscounts, automaticRulesOn, type DiscountLine, type DiscountRule } from './discounts.ts';
import { allocateOrder } from './refund-allocation.ts';

const rule = (patch: Partial<DiscountRule>): DiscountRule => ({
  id: 1,
  kind: 'automatic',
  code: 'AUTO-1',
  title: '',
  type: 'percentage',
  amount: 0,
  minSubtotalCents: null,
  minQuantity: 0,
  appliesTo: {},
  quantityBreaks: [],
  buyXGetY: null,
  combinesWithCodes: false,
  ...patch,
});
const line = (productId: number, priceCents: number, quantity: number): DiscountLine => ({
  productId,
  variantId: productId * 10,
  productTypeId: productId === 1 ? 7 : null,
  brandId: null,
  priceCents,
  quantity,
});
const balls = rule({
  id: 1,
  title: 'Balls 36+',
  appliesTo: { productTypeIds: [7] },
  quantityBreaks: [
    { minQuantity: 12, percent: 10 },
    { minQuantity: 36, percent: 15 },
    { minQuantity: 100, percent: 20 },
  ],
});
const cover = rule({
  id: 2,
  title: 'Paddle + cover',
  buyXGetY: { buyQuantity: 1, buy: { productIds: [2] }, getQuantity: 1, get: { productIds: [3] }, percent: 50 },
});
const code10 = rule({ id: 3, kind: 'code', code: 'SAVE10', type: 'percentage', amount: 10 });
const run = (lines: DiscountLine[], code: DiscountRule | null, automatic: DiscountRule[]) => applyDiscounts({ lines, code, automatic, shippingCents: 599 });

describe('the discount engine, in exact cents', () => {
  it('gives the highest quantity break the eligible units reach', () => {
    expect(run([line(1, 75, 11)], null, [balls]).discountCents).toBe(0);
    expect(run([line(1, 75, 12)], null, [balls]).applied[0]).toMatchObject({ label: 'Balls 36+: 10 % off', amountCents: 90 });
    expect(run([line(1, 75, 36)], null, [balls]).applied[0]).toMatchObject({ label: 'Balls 36+: 15 % off', amountCents: 405, lineCents: [405] });
    expect(run([line(1, 75, 100), line(2, 9999, 1)], null, [balls]).lineCents).toEqual([1500, 0]);
  });

  it('takes 50 % off the cover bought with a paddle, half a cent up', () => {
    expect(run([line(2, 9999, 1), line(3, 1999, 2)], null, [cover]).lineCents).toEqual([0, 1000]);
    expect(run([line(3, 1999, 1)], null, [cover]).discountCents).toBe(0);
  });

  it('adds a code to the best automatic discount that combines, on what is left of each line', () => {
    const lines = [line(1, 75, 36), line(2, 9999, 1)];
    const both = run(lines, code10, [{ ...balls, combinesWithCodes: true }]);
    expect(both.applied.map((d) => [d.label, d.amountCents])).toEqual([
      ['Balls 36+: 15 % off', 405],
      ['SAVE10: 10 % off', 1229],
    ]);
    expect(both.lineCents).toEqual([634, 1000]);
    expect(both.discountCents).toBe(1634);
    // not marked to combine: the code alone
    expect(run(lines, code10, [balls]).lineCents).toEqual([270, 1000]);
  });

  it('caps a fixed amount at the eligible goods, checks minimums, and frees shipping without touching the goods', () => {
    const fixed = rule({ kind: 'code', code: 'FIVE', type: 'fixed', amount: 500, minSubtotalCents: 5000 });
    expect(run([line(1, 75, 36)], fixed, []).applied).toEqual([]);
    expect(run([line(1, 75, 100)], fixed, []).lineCents).toEqual([500]);
    const ship = run([line(1, 75, 2)], rule({ kind: 'code', code: 'SHIP', type: 'free_shipping' }), []);
    expect(ship).toMatchObject({ discountCents: 0, freeShipping: true });
  });

  it('takes nothing off a gift card and counts none of it toward a minimum: it is money, not goods', () => {
    const giftCard: DiscountLine = { ...line(9, 5000, 2), giftCard: true };
    expect(run([giftCard, line(2, 2000, 1)], code10, []).lineCents).toEqual([0, 200]);
    expect(run([giftCard], code10, []).applied).toEqual([]);
    const fixed = rule({ kind: 'code', code: 'FIVE', type: 'fixed', amount: 500, minSubtotalCents: 5000 });
    expect(run([giftCard, line(2, 2000, 1)], fixed, []).applied).toEqual([]);
  });

  it('keeps each line its own discount when the order is allocated for refunds', () => {
    const shares = allocateOrder({
      lines: [
        { priceCents: 75, quantity: 36 },
        { priceCents: 9999, quantity: 1 },
      ],
      lineDiscountCents: [634, 1000],
      discountCents: 1634,
      taxCents: 0,
      shippingTaxCents: 0,
    });
    expect(shares.map((share) => share.discountCents)).toEqual([634, 1000]);
  });
});

describe('an automatic discount’s dates, decided at the moment of each payment', () => {
  const weekend = { rule: rule({ title: 'Weekend' }), validFrom: new Date('2026-12-05T00:00:00.000Z'), validTo: new Date('2026-12-06T23:59:59.000Z') };
  const always = { rule: rule({ id: 2, title: 'Always' }), validFrom: null, validTo: null };
  const titlesAt = (now: string) => automaticRulesOn([weekend, always], new Date(now)).map((on) => on.title);

  it('is on from its first moment to its last, both included, and not outside them', () => {
    expect(titlesAt('2026-12-04T23:59:59.999Z')).toEqual(['Always']);
    expect(titlesAt('2026-12-05T00:00:00.000Z')).toEqual(['Weekend', 'Always']);
    expect(titlesAt('2026-12-06T23:59:59.000Z')).toEqual(['Weekend', 'Always']);
    expect(titlesAt('2026-12-06T23:59:59.001Z')).toEqual(['Always']);
  });
});
