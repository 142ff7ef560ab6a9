import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscountCents, orderTotals } from './order-totals.ts';
import { allocateByWeight, allocateOrder, lineRefund, refundBreakdown, unitsPart, type RefundableOrder } from './refund-allocation.ts';

describe('allocateByWeight', () => {
  it('splits by weight, the odd cents to the largest fractions, ties to the earlier line', () => {
    expect(allocateByWeight([1000, 2000], 100)).toEqual([33, 67]);
    expect(allocateByWeight([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(allocateByWeight([1, 1, 1], 1)).toEqual([1, 0, 0]);
    expect(allocateByWeight([500], 900)).toEqual([900]);
    expect(allocateByWeight([500, 500], 0)).toEqual([0, 0]);
    expect(allocateByWeight([], 100)).toEqual([]);
  });

  it('weighs every line 1 when all weigh nothing', () => {
    expect(allocateByWeight([0, 0, 0], 5)).toEqual([2, 2, 1]);
  });

  it('stays exact where floating point would not (amounts near the largest order)', () => {
    // 99,999,999.99 and the like: the products pass 2^53, which BigInt keeps exact
    const weights = [9_999_999_999, 3, 7_777_777_777];
    const shares = allocateByWeight(weights, 9_999_999_998);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_999_999_998);
    expect(shares[1]).toBe(2);
  });
});

describe('unitsPart', () => {
  it('gives the odd cents to the first units', () => {
    // 492 cents over 2 units: 246 each; 493: 247 then 246
    expect([unitsPart(492, 2, 0, 1), unitsPart(492, 2, 1, 1)]).toEqual([246, 246]);
    expect([unitsPart(493, 2, 0, 1), unitsPart(493, 2, 1, 1)]).toEqual([247, 246]);
    expect(unitsPart(10, 3, 0, 3)).toBe(10);
    expect([0, 1, 2].map((start) => unitsPart(10, 3, start, 1))).toEqual([4, 3, 3]);
  });
});

describe('the issue’s order: one $249.99 unit taxed at 8.2 %', () => {
  it('gives back $270.49, as paid', () => {
    const taxCents = 2050; // 8.2 % of 249.99 = 20.499 -> 20.50
    const [share] = allocateOrder({ lines: [{ priceCents: 24999, quantity: 1 }], discountCents: 0, taxCents, shippingTaxCents: 0 });
    expect(share).toEqual({ discountCents: 0, taxCents: 2050 });
    const refund = lineRefund({ id: 1, name: 'Paddle', priceCents: 24999, quantity: 1, refundedQuantity: 0, ...share! }, 1);
    expect(refund.totalCents).toBe(27049);
  });
});

describe('the worked example of docs/order-lifecycle.md', () => {
  // 2 × $129.99 paddle, 1 × $24.99 balls, 15 % coupon, $5.99 shipping (under the free threshold), 8.2 % tax on goods after discount
  const lines = [
    { priceCents: 12999, quantity: 2 },
    { priceCents: 2499, quantity: 1 },
  ];
  const subtotal = 2 * 12999 + 2499;
  const discount = couponDiscountCents(subtotal, { type: 'percentage', percent: 15 });
  const tax = Math.floor(((subtotal - discount) * 8200 + 50_000) / 100_000);
  const totals = orderTotals({
    items: lines,
    coupon: { type: 'percentage', percent: 15 },
    shippingCostCents: 599,
    freeShippingThresholdCents: 50_000,
    taxCents: tax,
  });

  it('has the figures the document shows', () => {
    expect(totals).toEqual({ subtotal: 28497, discount: 4275, shipping: 599, tax: 1986, total: 26807 });
    const shares = allocateOrder({ lines, discountCents: discount, taxCents: tax, shippingTaxCents: 0 });
    expect(shares).toEqual([
      { discountCents: 3900, taxCents: 1812 },
      { discountCents: 375, taxCents: 174 },
    ]);
    const order: RefundableOrder = {
      totalCents: totals.total,
      refundedCents: 0,
      shippingCents: 599,
      shippingTaxCents: 0,
      shippingRefunded: false,
      items: lines.map((line, index) => ({ id: index + 1, name: `line ${index + 1}`, ...line, refundedQuantity: 0, ...shares[index]! })),
    };
    const one = refundBreakdown(order, { kind: 'lines', lines: [{ itemId: 1, quantity: 1 }], shipping: false });
    expect(one).toMatchObject({ goodsCents: 12999, discountCents: 1950, taxCents: 906, totalCents: 11955 });
    const everything = refundBreakdown(order, {
      kind: 'lines',
      lines: [
        { itemId: 1, quantity: 2 },
        { itemId: 2, quantity: 1 },
      ],
      shipping: true,
    });
    expect(everything.totalCents).toBe(totals.total);
    expect(refundBreakdown(order, { kind: 'full' })).toMatchObject({ totalCents: totals.total, adjustmentCents: 0, shippingCents: 599 });
  });
});

describe('refundBreakdown', () => {
  const order: RefundableOrder = {
    totalCents: 10_000,
    refundedCents: 0,
    shippingCents: 500,
    shippingTaxCents: 41,
    shippingRefunded: false,
    items: [{ id: 7, name: 'Paddle', priceCents: 3000, quantity: 3, refundedQuantity: 0, discountCents: 901, taxCents: 500 }],
  };

  it('gives the shipping back with its tax once', () => {
    expect(refundBreakdown(order, { kind: 'lines', lines: [], shipping: true })).toMatchObject({ shippingCents: 500, shippingTaxCents: 41, totalCents: 541 });
    expect(refundBreakdown({ ...order, shippingRefunded: true }, { kind: 'lines', lines: [], shipping: true }).totalCents).toBe(0);
  });

  it('takes what refunds of an amount gave back off "everything left"', () => {
    const full = refundBreakdown({ ...order, totalCents: 9140, refundedCents: 1000 }, { kind: 'full' });
    // contents: 9000 - 901 + 500 + 500 + 41 = 9140; left: 8140
    expect(full).toMatchObject({ adjustmentCents: -1000, totalCents: 8140 });
  });

  it('counts lines it does not know and units beyond those left as none', () => {
    const breakdown = refundBreakdown(order, {
      kind: 'lines',
      lines: [
        { itemId: 8, quantity: 1 },
        { itemId: 7, quantity: 5 },
      ],
      shipping: false,
    });
    expect(breakdown.lines).toEqual([expect.objectContaining({ itemId: 7, quantity: 3, totalCents: 9000 - 901 + 500 })]);
  });

  it('prices an amount as itself', () => {
    expect(refundBreakdown(order, { kind: 'amount', amountCents: 1234 })).toMatchObject({ lines: [], amountCents: 1234, totalCents: 1234 });
  });
});

// A random order as checkout makes one: lines, a coupon, shipping, tax on the goods after discount
// (and sometimes on shipping too, as TaxJar may charge it).
const orderArb = fc
  .record({
    lines: fc.array(fc.record({ priceCents: fc.integer({ min: 0, max: 2_000_000 }), quantity: fc.integer({ min: 1, max: 12 }) }), {
      minLength: 1,
      maxLength: 8,
    }),
    coupon: fc.option(
      fc.oneof(
        fc.record({ type: fc.constant('percentage' as const), percent: fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100) }),
        fc.record({ type: fc.constant('fixed' as const), amountCents: fc.integer({ min: 0, max: 5_000_000 }) }),
      ),
      { nil: null },
    ),
    taxThousandths: fc.integer({ min: 0, max: 15_000 }),
    shippingCents: fc.integer({ min: 0, max: 5000 }),
    shippingTaxed: fc.boolean(),
  })
  .map(({ lines, coupon, taxThousandths, shippingCents, shippingTaxed }) => {
    const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const discountCents = couponDiscountCents(subtotal, coupon);
    const goodsTax = Math.floor(((subtotal - discountCents) * taxThousandths + 50_000) / 100_000);
    const shippingTaxCents = shippingTaxed ? Math.floor((shippingCents * taxThousandths + 50_000) / 100_000) : 0;
    const taxCents = goodsTax + shippingTaxCents;
    const totalCents = subtotal - discountCents + shippingCents + taxCents;
    return { lines, discountCents, taxCents, shippingTaxCents, shippingCents, totalCents };
  });

/** The random order as a refund reads it, its lines' shares allocated as checkout stores them. */
function toRefundable(value: {
  lines: { priceCents: number; quantity: number }[];
  discountCents: number;
  taxCents: number;
  shippingTaxCents: number;
  shippingCents: number;
  totalCents: number;
}): RefundableOrder {
  const shares = allocateOrder(value);
  return {
    totalCents: value.totalCents,
    refundedCents: 0,
    shippingCents: value.shippingCents,
    shippingTaxCents: value.shippingTaxCents,
    shippingRefunded: false,
    items: value.lines.map((line, index) => ({ id: index + 1, name: `line ${index + 1}`, ...line, refundedQuantity: 0, ...shares[index]! })),
  };
}

describe('allocation properties', () => {
  it('adds up to the order’s discount and tax exactly, with no negative share and no line paying less than nothing', () => {
    fc.assert(
      fc.property(orderArb, (value) => {
        const shares = allocateOrder(value);
        expect(shares.reduce((sum, share) => sum + share.discountCents, 0)).toBe(value.discountCents);
        expect(shares.reduce((sum, share) => sum + share.taxCents, 0) + value.shippingTaxCents).toBe(value.taxCents);
        value.lines.forEach((line, index) => {
          const share = shares[index]!;
          expect(share.discountCents).toBeGreaterThanOrEqual(0);
          expect(share.taxCents).toBeGreaterThanOrEqual(0);
          expect(share.discountCents).toBeLessThanOrEqual(line.priceCents * line.quantity);
        });
        // the same input gives the same cents
        expect(allocateOrder(value)).toEqual(shares);
      }),
      { numRuns: 300 },
    );
  });

  it('gives back the order total when every line and the shipping are refunded, at once or unit by unit', () => {
    fc.assert(
      fc.property(orderArb, fc.infiniteStream(fc.nat()), (value, picks) => {
        const order = toRefundable(value);
        const atOnce = refundBreakdown(order, {
          kind: 'lines',
          lines: order.items.map((item) => ({ itemId: item.id, quantity: item.quantity })),
          shipping: true,
        });
        expect(atOnce.totalCents).toBe(value.totalCents);
        expect(refundBreakdown(order, { kind: 'full' }).totalCents).toBe(value.totalCents);

        // in random steps of random sizes, each step priced from the units refunded before it
        const refunded = order.items.map(() => 0);
        let given = 0;
        const stream = picks[Symbol.iterator]();
        while (refunded.some((units, index) => units < order.items[index]!.quantity)) {
          const index = stream.next().value % order.items.length;
          const item = order.items[index]!;
          const left = item.quantity - refunded[index]!;
          if (left === 0) continue;
          const units = 1 + (stream.next().value % left);
          const step = lineRefund({ ...item, refundedQuantity: refunded[index]! }, units);
          expect(step.totalCents).toBeGreaterThanOrEqual(0);
          expect(step.discountCents).toBeLessThanOrEqual(step.goodsCents);
          given += step.totalCents;
          refunded[index]! += units;
        }
        expect(given + value.shippingCents + value.shippingTaxCents).toBe(value.totalCents);
      }),
      { numRuns: 300 },
    );
  });

  it('prices a line’s units one at a time as it prices them all at once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (quantity, priceCents, discountSeed, taxCents) => {
          const discountCents = Math.min(discountSeed, priceCents * quantity);
          const line = { id: 1, name: 'x', priceCents, quantity, refundedQuantity: 0, discountCents, taxCents };
          const all = lineRefund(line, quantity);
          let one = 0;
          for (let unit = 0; unit < quantity; unit += 1) one += lineRefund({ ...line, refundedQuantity: unit }, 1).totalCents;
          expect(one).toBe(all.totalCents);
          expect(all).toMatchObject({ discountCents, taxCents, goodsCents: priceCents * quantity });
        },
      ),
      { numRuns: 300 },
    );
  });
});
