import Taxjar from 'taxjar';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { TaxProvider, TaxQuery } from './tax-provider.ts';

const dollars = (cents: number) => Number(centsToDecimal(cents));

/** TaxJar's /v2/taxes; TAXJAR_API_URL points it elsewhere (a sandbox, or the local fake in tests). */
export function createTaxjarProvider(options: { apiKey: string; apiUrl?: string; timeoutMs?: number }): TaxProvider {
  const client = new Taxjar({ apiKey: options.apiKey, ...(options.apiUrl && { apiUrl: options.apiUrl.replace(/\/+$/, '') }) });
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    name: 'taxjar',
    async calculate(query: TaxQuery) {
      const nexus = { country: 'US', state: query.from.state, zip: query.from.zip, city: query.from.city, street: query.from.street };
      const lineItems = query.lines.map((line) => ({
        id: String(line.id),
        quantity: line.quantity,
        unit_price: dollars(line.unitPriceCents),
        discount: dollars(line.discountCents),
      }));
      const request = client.taxForOrder({
        from_country: 'US',
        from_zip: query.from.zip,
        from_state: query.from.state,
        from_city: query.from.city,
        from_street: query.from.street,
        to_country: 'US',
        to_zip: query.to.zip,
        to_state: query.to.state,
        to_city: query.to.city,
        to_street: query.to.street,
        amount: dollars(query.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity - line.discountCents, 0)),
        shipping: dollars(query.shippingCents),
        nexus_addresses: query.nexusStates.map((state) => (state === nexus.state ? nexus : { country: 'US', state })),
        line_items: lineItems,
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`TaxJar did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        const { tax } = await Promise.race([request, timeout]);
        const taxCents = toCents(tax.amount_to_collect);
        if (Number.isNaN(taxCents) || taxCents < 0 || typeof tax.rate !== 'number') throw new Error('TaxJar answered without a usable amount');
        // where shipping is taxed, its tax goes back with a refund of the shipping, not with the goods
        const shippingTax = tax.freight_taxable ? toCents(tax.breakdown?.shipping?.tax_collectable) : 0;
        return { taxCents, rate: tax.rate, shippingTaxCents: Number.isNaN(shippingTax) ? 0 : Math.min(Math.max(0, shippingTax), taxCents) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
