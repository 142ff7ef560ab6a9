import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '#common/constants.ts';
import { COMBINED_SALES_TAX_PERCENT, createStateRatesProvider, taxAtPercent } from './state-rates.ts';
import { allocateDiscount, FALLBACK_ORIGIN } from './tax-service.ts';

describe('state-rates provider', () => {
  it('has a rate for all 50 states and DC', () => {
    expect(Object.keys(COMBINED_SALES_TAX_PERCENT).sort()).toEqual([...US_STATE_CODES].sort());
    expect(US_STATE_CODES).toHaveLength(51);
  });

  it('uses the combined state and average local rate of each state', () => {
    // the case: a Texas order was taxed at the 6.25 % state rate only
    expect(COMBINED_SALES_TAX_PERCENT.TX).toBe(8.2);
    expect(COMBINED_SALES_TAX_PERCENT.LA).toBe(10.12);
    // no local sales tax in these
    expect(COMBINED_SALES_TAX_PERCENT.IN).toBe(7);
    expect(COMBINED_SALES_TAX_PERCENT.OR).toBe(0);
    for (const percent of Object.values(COMBINED_SALES_TAX_PERCENT)) {
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThan(11);
    }
  });

  it('answers the rate as an exact fraction of the percent', async () => {
    const provider = createStateRatesProvider();
    const texas = { ...FALLBACK_ORIGIN, state: 'TX' as const };
    const lines = [{ id: 1, quantity: 1, unitPriceCents: 10000, discountCents: 0 }];
    const answer = await provider.calculate({ from: texas, to: texas, nexusStates: ['TX'], lines, shippingCents: 0 });
    expect(answer).toEqual({ taxCents: 820, shippingTaxCents: 0, rate: 0.082 });
  });

  it('rounds tax to the nearest cent in integers', () => {
    expect(taxAtPercent(7500, 6.25)).toBe(469); // 468.75
    expect(taxAtPercent(10000, 6.875)).toBe(688); // 687.5
    expect(taxAtPercent(999, 7.25)).toBe(72); // 72.4275
    expect(taxAtPercent(0, 7.25)).toBe(0);
  });

  it('charges the destination state rate only inside the nexus, on goods after discount', async () => {
    const provider = createStateRatesProvider();
    const query = {
      from: FALLBACK_ORIGIN,
      nexusStates: ['CA' as const],
      lines: [{ id: 1, quantity: 2, unitPriceCents: 5000, discountCents: 1000 }],
      shippingCents: 599,
    };
    expect(await provider.calculate({ ...query, to: { ...FALLBACK_ORIGIN, state: 'CA' } })).toEqual({ taxCents: 797, shippingTaxCents: 0, rate: 0.0885 }); // 90.00 x 8.85 % = 7.965: California leaves shipping untaxed
    expect(await provider.calculate({ ...query, to: { ...FALLBACK_ORIGIN, state: 'NY' } })).toEqual({ taxCents: 0, rate: 0 });
  });
});

describe('allocateDiscount', () => {
  it('splits a discount over lines in proportion, adding up exactly', () => {
    expect(allocateDiscount([{ amountCents: 1000 }, { amountCents: 2000 }], 100)).toEqual([33, 67]);
    expect(allocateDiscount([{ amountCents: 1 }, { amountCents: 1 }, { amountCents: 1 }], 2)).toEqual([1, 1, 0]);
    expect(allocateDiscount([{ amountCents: 500 }], 900)).toEqual([500]);
    expect(allocateDiscount([{ amountCents: 500 }], 0)).toEqual([0]);
  });

  it('taxes the shipping too where the state taxes it, rounding goods and shipping once', async () => {
    const provider = createStateRatesProvider();
    const lines = [{ id: 1, quantity: 2, unitPriceCents: 5000, discountCents: 1000 }];
    const at = (state: 'TX' | 'NY' | 'CA', shippingCents: number) =>
      provider.calculate({ from: FALLBACK_ORIGIN, to: { ...FALLBACK_ORIGIN, state }, nexusStates: ['TX', 'NY', 'CA'], lines, shippingCents });
    // Texas 8.20 %: (90.00 + 5.99) x 8.2 % = 7.87118; 90.00 alone 7.38, so the shipping's part is 0.49
    expect(await at('TX', 599)).toEqual({ taxCents: 787, shippingTaxCents: 49, rate: 0.082 });
    // New York 8.53 %: (90.00 + 12.50) x 8.53 % = 8.74325; 90.00 alone 7.677 -> 7.68
    expect(await at('NY', 1250)).toEqual({ taxCents: 874, shippingTaxCents: 106, rate: 0.0853 });
    // California: the goods only
    expect(await at('CA', 1250)).toEqual({ taxCents: 797, shippingTaxCents: 0, rate: 0.0885 });
    // free shipping or a pickup: nothing on shipping
    expect(await at('TX', 0)).toEqual({ taxCents: 738, shippingTaxCents: 0, rate: 0.082 });
  });
});
