import type { UsStateCode } from '#common/constants.ts';
import type { ShippingAddress } from '#common/schemas/checkout.ts';

/** A tax origin or destination is a US shipping address. */
export type TaxAddress = ShippingAddress;

export interface TaxLine {
  id: number;
  quantity: number;
  unitPriceCents: number;
  /** this line's share of the order discount */
  discountCents: number;
}

export interface TaxQuery {
  from: TaxAddress;
  to: TaxAddress;
  /** the states where the shop collects sales tax */
  nexusStates: UsStateCode[];
  lines: TaxLine[];
  shippingCents: number;
}

interface TaxAnswer {
  taxCents: number;
  /** fraction: 0.0725 is 7.25 % */
  rate: number;
  /** the part of taxCents charged on shipping, where the destination taxes it; none when left out */
  shippingTaxCents?: number;
}

/** Tax comes from a provider (docs/decisions/003-tax-providers.md); `state-rates` is built in, `taxjar` when TAXJAR_API_KEY is set. */
export interface TaxProvider {
  name: 'state-rates' | 'taxjar';
  calculate(query: TaxQuery): Promise<TaxAnswer>;
}
