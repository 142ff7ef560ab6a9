import type { UsStateCode } from '#common/constants.ts';
import type { TaxProvider, TaxQuery } from './tax-provider.ts';

/**
 * Combined state and average local sales tax rates in percent: the "Combined Rate" column of the Tax
 * Foundation's "State and Local Sales Tax Rates, 2025" (rates as of 1 January 2025, published
 * 4 February 2025). The local part is the population-weighted average of the state's city, county
 * and district rates, so it is an estimate for any one address (Austin pays 8.25 %, Texas averages
 * 8.20 %); TaxJar gives the exact rate of the address.
 */
export const COMBINED_SALES_TAX_PERCENT: Record<UsStateCode, number> = {
  AL: 9.43,
  AK: 1.82,
  AZ: 8.52,
  AR: 9.46,
  CA: 8.85,
  CO: 7.81,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 7,
  GA: 7.38,
  HI: 4.5,
  ID: 6.03,
  IL: 8.86,
  IN: 7,
  IA: 6.94,
  KS: 8.66,
  KY: 6,
  LA: 10.12,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 8.04,
  MS: 7.06,
  MO: 8.41,
  MT: 0,
  NE: 6.97,
  NV: 8.24,
  NH: 0,
  NJ: 6.6,
  NM: 7.62,
  NY: 8.53,
  NC: 7,
  ND: 7.04,
  OH: 7.24,
  OK: 8.99,
  OR: 0,
  PA: 6.34,
  RI: 7,
  SC: 7.49,
  SD: 6.11,
  TN: 9.56,
  TX: 8.2,
  UT: 7.42,
  VT: 6.36,
  VA: 5.77,
  WA: 9.43,
  WV: 6.55,
  WI: 5.7,
  WY: 5.44,
};

/**
 * States that tax a shipping charge stated apart from the goods and delivered by a common carrier
 * (USPS, UPS, FedEx): taxhero.net's "Sales tax on shipping" table and Avalara's state-by-state guide
 * (2024) agree on these. The others (California, Florida, Illinois, ...) exempt separately stated shipping.
 */
const SHIPPING_TAXED: ReadonlySet<string> = new Set('AR CT DC GA HI IN KS KY MI MN MS NE NJ NM NY NC ND OH PA RI SC SD TN TX VT WA WV WI'.split(' '));

/** Tax on an amount at a percent, to the nearest cent (half up), in integers: 6.875 % is 6875 thousandths. */
export function taxAtPercent(amountCents: number, percent: number): number {
  const thousandths = Math.round(percent * 1000);
  return Math.floor((amountCents * thousandths + 50_000) / 100_000);
}

/**
 * Built-in provider: the destination state's combined state and average local rate when that state
 * is one of the shop's nexus states, else no tax. Tax applies to the goods after the discount, and to
 * the shipping in the states that tax it (docs/decisions/049). The page labels it an estimate.
 */
export function createStateRatesProvider(): TaxProvider {
  return {
    name: 'state-rates',
    async calculate(query: TaxQuery) {
      if (!query.nexusStates.includes(query.to.state)) return { taxCents: 0, rate: 0 };
      const percent = COMBINED_SALES_TAX_PERCENT[query.to.state];
      const goods = Math.max(
        0,
        query.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity - line.discountCents, 0),
      );
      const goodsTax = taxAtPercent(goods, percent);
      const shipping = SHIPPING_TAXED.has(query.to.state) ? Math.max(0, query.shippingCents) : 0;
      // tax on the goods and shipping together, rounded once; the shipping's part is what it added
      const taxCents = shipping === 0 ? goodsTax : taxAtPercent(goods + shipping, percent);
      return { taxCents, shippingTaxCents: taxCents - goodsTax, rate: Math.round(percent * 1000) / 100_000 };
    },
  };
}
