import type { UsStateCode } from '#common/constants.ts';
import type { TaxProvider, TaxQuery } from './tax-provider.ts';

/**
 * Statewide base sales tax rates in percent, as published by the Tax Foundation for 1 January 2025
 * (statewide mandatory local add-ons included for CA, UT and VA). County and city taxes are not
 * in it: the built-in provider is an offline approximation; TaxJar gives exact rates.
 */
export const STATE_SALES_TAX_PERCENT: Record<UsStateCode, number> = {
  AL: 4,
  AK: 0,
  AZ: 5.6,
  AR: 6.5,
  CA: 7.25,
  CO: 2.9,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 6,
  GA: 4,
  HI: 4,
  ID: 6,
  IL: 6.25,
  IN: 7,
  IA: 6,
  KS: 6.5,
  KY: 6,
  LA: 5,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 6.875,
  MS: 7,
  MO: 4.225,
  MT: 0,
  NE: 5.5,
  NV: 6.85,
  NH: 0,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 4.5,
  OR: 0,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 6.25,
  UT: 6.1,
  VT: 6,
  VA: 5.3,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
};

/** Tax on an amount at a percent, to the nearest cent (half up), in integers: 6.875 % is 6875 thousandths. */
export function taxAtPercent(amountCents: number, percent: number): number {
  const thousandths = Math.round(percent * 1000);
  return Math.floor((amountCents * thousandths + 50_000) / 100_000);
}

/**
 * Built-in provider: the destination state's base rate when that state is one of the shop's nexus
 * states, else no tax. Tax applies to the goods after the discount; shipping is not taxed
 * (docs/decisions/003-tax-providers.md).
 */
export function createStateRatesProvider(): TaxProvider {
  return {
    name: 'state-rates',
    async calculate(query: TaxQuery) {
      if (!query.nexusStates.includes(query.to.state)) return { taxCents: 0, rate: 0 };
      const percent = STATE_SALES_TAX_PERCENT[query.to.state];
      const taxable = query.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity - line.discountCents, 0);
      return { taxCents: taxAtPercent(Math.max(0, taxable), percent), rate: percent / 100 };
    },
  };
}
