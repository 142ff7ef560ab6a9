import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, checkoutBody, configureShop, nevadaAddress, texasAddress } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { startFakeTaxjar, type FakeTaxjar } from './testing/fake-taxjar.ts';
import { createTaxjarProvider } from './taxjar-provider.ts';
import { FALLBACK_ORIGIN } from './tax-service.ts';

let t: TestApp;
let taxjar: FakeTaxjar;
let productId: number;
beforeAll(async () => {
  taxjar = await startFakeTaxjar();
  t = await createTestApp({ TAXJAR_API_KEY: 'tj_test_key', TAXJAR_API_URL: taxjar.url });
  productId = (await addProduct(t.db, { price: '40.00', stock: 10 })).id;
});
afterAll(async () => {
  await t.close();
  await taxjar.close();
});
beforeEach(async () => {
  taxjar.mode = 'ok';
  taxjar.rates = { TX: 0.0825 };
  await configureShop(t.db, { taxRate: '5' });
});

const calculate = (toAddress: object) =>
  t.app.inject({ method: 'POST', url: '/api/tax/calculate', payload: { toAddress, lineItems: [{ id: productId, quantity: 2 }] } });

describe('TaxJar provider', () => {
  it("answers TaxJar's amount and rate, sending our origin, lines and shipping", async () => {
    const res = await calculate(texasAddress);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ amount: 6.6, amountCents: 660, rate: 0.0825, fallback: false, provider: 'taxjar' });
    const sent = taxjar.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer tj_test_key');
    expect(sent.body).toMatchObject({
      from_state: 'TX',
      from_zip: '78702',
      to_state: 'TX',
      to_zip: '78701',
      amount: 80,
      shipping: 0,
      line_items: [{ id: String(productId), quantity: 2, unit_price: 40, discount: 0 }],
      nexus_addresses: [{ country: 'US', state: 'TX', zip: '78702' }],
    });
  });

  it('falls back to the settings tax rate and says so when TaxJar fails', async () => {
    taxjar.mode = 'error';
    const res = await calculate(nevadaAddress);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ amount: 4, amountCents: 400, rate: 0.05, fallback: true, provider: 'taxjar' });
  });

  it('charges the same fallback tax at checkout and tells the page', async () => {
    taxjar.mode = 'error';
    const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId, quantity: 1 }]) });
    expect(res.statusCode).toBe(200);
    // 40.00 + 5.99 shipping + 5 % of 40.00
    expect(res.json()).toMatchObject({ amount: 4799, taxFallback: true, totals: { tax: 200 } });
  });

  it('gives up on a TaxJar that does not answer', async () => {
    taxjar.mode = 'hang';
    const provider = createTaxjarProvider({ apiKey: 'k', apiUrl: taxjar.url, timeoutMs: 200 });
    await expect(provider.calculate({ from: FALLBACK_ORIGIN, to: FALLBACK_ORIGIN, nexusStates: ['CA'], lines: [], shippingCents: 0 })).rejects.toThrow(
      'TaxJar did not answer within 200 ms',
    );
  });
});
