import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactInfo } from '#server/db/schema.ts';
import { addCoupon, addProduct, configureShop, nevadaAddress, texasAddress } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await addProduct(t.db, { price: '40.00', stock: 3 })).id;
});
afterAll(() => t.close());
beforeEach(() => configureShop(t.db));

// the spec's page sends this shape; unit_price is ignored in favour of the database price
const body = (overrides: Record<string, unknown> = {}) => ({
  orderTotal: 80,
  fromAddress: { street: 'x', city: 'y', state: 'CA', zip: '90001', country: 'US' },
  toAddress: texasAddress,
  lineItems: [{ id: productId, quantity: 2, unit_price: 0.01, product_tax_code: '20010' }],
  ...overrides,
});
const calculate = (payload: object) => t.app.inject({ method: 'POST', url: '/api/tax/calculate', payload });

describe('POST /api/tax/calculate (state-rates)', () => {
  it('answers the amount in dollars and the rate as a fraction, priced from the database', async () => {
    const res = await calculate(body());
    expect(res.statusCode).toBe(200);
    // 80.00 x 8.20 % (Texas, state and average local); quantities above stock are fine here: stock is checked at checkout
    expect(res.json()).toEqual({ amount: 6.56, amountCents: 656, rate: 0.082, fallback: false, provider: 'state-rates' });
  });

  it('charges nothing outside the nexus (the business address state)', async () => {
    const res = await calculate(body({ toAddress: nevadaAddress }));
    expect(res.json()).toMatchObject({ amount: 0, rate: 0, fallback: false });
  });

  it('uses the fallback origin (California) when the business address has fewer than 4 parts', async () => {
    await t.db.update(contactInfo).set({ address: 'Austin, TX' }).where(eq(contactInfo.id, 1));
    const texas = await calculate(body());
    expect(texas.json().amount).toBe(0);
    const california = await calculate(body({ toAddress: { street: '1 Ocean Ave', city: 'Santa Monica', state: 'CA', zip: '90401' } }));
    expect(california.json()).toMatchObject({ amount: 7.08, amountCents: 708, rate: 0.0885 });
  });

  it('taxes the goods after a usable coupon, and ignores an unusable one', async () => {
    await addCoupon(t.db, { code: 'TAXTEN', type: 'percentage', amount: '10' });
    const withCoupon = await calculate(body({ couponCode: 'taxten' }));
    expect(withCoupon.json().amountCents).toBe(590); // 72.00 x 8.20 % = 5.904
    const unknown = await calculate(body({ couponCode: 'NOSUCH' }));
    expect(unknown.json().amountCents).toBe(656);
  });

  it.each([
    ['a missing address field', { toAddress: { street: '1 A St', city: 'Austin', state: 'TX' } }, 'Please complete shipping address'],
    ['an unknown state', { toAddress: { ...texasAddress, state: 'ZZ' } }, 'Please choose a US state'],
    ['a bad zip', { toAddress: { ...texasAddress, zip: 'ABCDE' } }, 'Please enter a valid ZIP code'],
    ['no line items', { lineItems: [] }, 'Your cart is empty.'],
    ['a fractional quantity', { lineItems: [{ id: 1, quantity: 0.5 }] }, 'Quantity must be a whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    const res = await calculate(body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses an unknown product with 400 naming it', async () => {
    const res = await calculate(body({ lineItems: [{ id: 424242, quantity: 1 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Product 424242 no longer exists. Please remove it from your cart.');
  });
});
