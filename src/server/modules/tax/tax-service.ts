import { parseBusinessAddress } from '#common/business-address.ts';
import { allocateByWeight } from '#common/refund-allocation.ts';
import type { Config } from '#server/config.ts';
import { createStateRatesProvider, taxAtPercent } from './state-rates.ts';
import type { TaxAddress, TaxLine, TaxProvider } from './tax-provider.ts';
import { createTaxjarProvider } from './taxjar-provider.ts';

/**
 * The origin when the business address has fewer than 4 parts. It is the
 * address TaxJar's own documentation uses (La Jolla, CA), so with nothing configured the shop
 * collects California tax from California shoppers only (docs/decisions/003-tax-providers.md).
 */
export const FALLBACK_ORIGIN: TaxAddress = { street: '9500 Gilman Drive', city: 'La Jolla', state: 'CA', zip: '92093', country: 'US' };

/** Splits the order discount over the lines in proportion to their value; the shares add up exactly (as the order's lines store them). */
export function allocateDiscount(lines: ReadonlyArray<{ amountCents: number }>, discountCents: number): number[] {
  const weights = lines.map((line) => line.amountCents);
  const subtotal = weights.reduce((sum, cents) => sum + Math.max(0, cents), 0);
  return allocateByWeight(weights, Math.min(discountCents, subtotal));
}

interface TaxQuoteInput {
  to: TaxAddress;
  /** the shop's business address from contact info ("street, city, state, zip"): origin and nexus */
  businessAddress: string | null;
  /** the settings' default rate in percent, charged when the provider fails */
  fallbackPercent: number;
  lines: ReadonlyArray<{ productId: number; quantity: number; priceCents: number }>;
  discountCents: number;
  shippingCents: number;
}

export interface TaxQuote {
  taxCents: number;
  /** the part of taxCents charged on shipping (0 where shipping is not taxed) */
  shippingTaxCents: number;
  rate: number;
  /** the provider failed and the settings' taxRate applied */
  fallback: boolean;
  provider: TaxProvider['name'];
}

export interface TaxService {
  provider: TaxProvider['name'];
  quote(input: TaxQuoteInput, log?: { warn(obj: object, msg: string): void }): Promise<TaxQuote>;
}

function providerFromConfig(config: Pick<Config, 'TAXJAR_API_KEY' | 'TAXJAR_API_URL'>): TaxProvider {
  return config.TAXJAR_API_KEY ? createTaxjarProvider({ apiKey: config.TAXJAR_API_KEY, apiUrl: config.TAXJAR_API_URL }) : createStateRatesProvider();
}

export function createTaxService(deps: { config: Pick<Config, 'TAXJAR_API_KEY' | 'TAXJAR_API_URL'>; provider?: TaxProvider }): TaxService {
  const provider = deps.provider ?? providerFromConfig(deps.config);
  return {
    provider: provider.name,
    async quote(input, log) {
      const from = parseBusinessAddress(input.businessAddress) ?? FALLBACK_ORIGIN;
      const shares = allocateDiscount(
        input.lines.map((line) => ({ amountCents: line.priceCents * line.quantity })),
        input.discountCents,
      );
      const lines: TaxLine[] = input.lines.map((line, index) => ({
        id: line.productId,
        quantity: line.quantity,
        unitPriceCents: line.priceCents,
        discountCents: shares[index]!,
      }));
      try {
        const answer = await provider.calculate({ from, to: input.to, nexusStates: [from.state], lines, shippingCents: input.shippingCents });
        return { ...answer, shippingTaxCents: answer.shippingTaxCents ?? 0, fallback: false, provider: provider.name };
      } catch (error) {
        // "Using default tax rate": the settings' rate applies to the goods after discount
        log?.warn({ err: error }, 'tax provider failed; using the default tax rate');
        const percent = input.fallbackPercent;
        const taxable = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity - line.discountCents, 0);
        return { taxCents: taxAtPercent(Math.max(0, taxable), percent), shippingTaxCents: 0, rate: percent / 100, fallback: true, provider: provider.name };
      }
    },
  };
}
