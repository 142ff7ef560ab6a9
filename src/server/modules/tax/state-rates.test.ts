import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '#common/constants.ts';
import { createStateRatesProvider, STATE_SALES_TAX_PERCENT, taxAtPercent } from './state-rates.ts';
import { allocateDiscount, FALLBACK_ORIGIN } from './tax-service.ts';

describe('state-rates provider', () => {
  it('has a rate for all 50 states and DC', () => {
    expect(Object.keys(STATE_SALES_TAX_PERCENT).sort()).toEqual([...US_STATE_CODES].sort());
    expect(US_STATE_CODES).toHaveLength(51);
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
    expect(await provider.calculate({ ...query, to: { ...FALLBACK_ORIGIN, state: 'CA' } })).toEqual({ taxCents: 653, rate: 0.0725 });
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
});
