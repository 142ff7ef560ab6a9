import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, savedAddresses, shippingZones } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Canadian addresses at checkout (docs/decisions/069): offered where a zone covers the province, the
// postal code checked and kept as Canada Post prints it, no sales tax charged, and the address book too.

let t: TestApp;
let admin: SignedIn;

const toronto = { street: '100 Queen St W', city: 'Toronto', state: 'ON', zip: 'm5h 2n2', country: 'CA' };
const rates = (toAddress: Record<string, unknown>, items: Array<Record<string, unknown>>) =>
  t.app.inject({ method: 'POST', url: '/api/shipping/rates', payload: { toAddress, items } });
const pay = (items: Array<Record<string, unknown>>, overrides: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody(items, overrides) });
const destinations = async () => (await t.app.inject({ method: 'GET', url: '/api/shipping/destinations' })).json();

async function canadaZone(caProvinces: string[], active = true) {
  const zone = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'Canada', usStates: [], caProvinces } });
  expect(zone.statusCode).toBe(201);
  const method = await admin.inject({
    method: 'POST',
    url: `/api/admin/shipping/zones/${zone.json().id}/methods`,
    payload: {
      name: 'Canada Post Expedited',
      kind: 'delivery',
      minBusinessDays: 4,
      maxBusinessDays: 8,
      cutoffTime: null,
      active,
      rate: { basis: 'flat', priceCents: 1895, freeOverCents: 15000 },
    },
  });
  expect(method.statusCode).toBe(201);
  return String(method.json().id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(shippingZones);
  await configureShop(t.db);
});

describe('a shop without a Canadian zone', () => {
  it('offers only the US, and refuses a Canadian address with 400 rather than the US Standard shipping', async () => {
    expect(await destinations()).toEqual({ caProvinces: [] });
    const paddle = await addProduct(t.db, { price: '40.00' });
    const quoted = await rates({ state: 'ON', country: 'CA', zip: 'M5H 2N2' }, [{ productId: paddle.id, quantity: 1 }]);
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().methods).toEqual([]);
    const refused = await pay([{ productId: paddle.id, quantity: 1 }], { shippingAddress: toronto });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('We cannot ship this cart to ON. Please contact us about your order.');
    // a zone whose only method is switched off offers nothing either
    await canadaZone(['ON'], false);
    expect(await destinations()).toEqual({ caProvinces: [] });
  });
});

describe('a shop with a zone covering Ontario and British Columbia', () => {
  it("lists the provinces, prices the zone's method and keeps a normalised postal code on an order with no sales tax", async () => {
    const expedited = await canadaZone(['ON', 'BC']);
    expect(await destinations()).toEqual({ caProvinces: ['BC', 'ON'] });
    const paddle = await addProduct(t.db, { price: '40.00' });
    const items = [{ productId: paddle.id, quantity: 2 }];

    const quoted = await rates({ state: 'on', country: 'CA', zip: 'm5h2n2' }, items);
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().methods).toEqual([expect.objectContaining({ id: expedited, name: 'Canada Post Expedited', priceCents: 1895 })]);
    // Quebec is in no zone: nothing to offer
    expect((await rates({ state: 'QC', country: 'CA' }, items)).json().methods).toEqual([]);
    // Texas still ships with the spec's Standard shipping
    expect((await rates({ state: 'TX', country: 'US' }, items)).json().methods).toEqual([expect.objectContaining({ id: 'standard', priceCents: 0 })]);

    const tax = await t.app.inject({ method: 'POST', url: '/api/tax/calculate', payload: { toAddress: toronto, lineItems: [{ id: paddle.id, quantity: 2 }] } });
    expect(tax.statusCode).toBe(200);
    expect(tax.json()).toMatchObject({ amount: 0, amountCents: 0, rate: 0, fallback: false });

    const res = await pay(items, { shippingAddress: toronto, shippingMethodId: expedited });
    expect(res.statusCode).toBe(200);
    expect(res.json().totals).toEqual({ subtotal: 8000, discount: 0, shipping: 1895, tax: 0, total: 9895 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order).toMatchObject({ state: 'ON', zipCode: 'M5H 2N2', country: 'CA', taxTotal: '0.00', shippingMethodName: 'Canada Post Expedited' });
  });

  it('answers 400 with the reason for a bad province, postal code or country', async () => {
    await canadaZone(['ON']);
    const paddle = await addProduct(t.db, { price: '40.00' });
    const items = [{ productId: paddle.id, quantity: 1 }];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...toronto, state: 'TX' }, 'Please choose a Canadian province or territory'],
      [{ ...toronto, zip: '78701' }, 'Please enter a valid postal code, such as K1A 0B1'],
      // Canada Post never uses D, F, I, O, Q or U
      [{ ...toronto, zip: 'D5H 2N2' }, 'Please enter a valid postal code, such as K1A 0B1'],
      [{ ...toronto, country: 'MX' }, 'Country must be US or CA'],
      // the US address keeps the spec's words
      [{ ...toronto, country: 'US' }, 'Please choose a US state'],
      [{ ...toronto, country: 'US', state: 'TX' }, 'Please enter a valid ZIP code'],
    ];
    for (const [shippingAddress, message] of cases) {
      const res = await pay(items, { shippingAddress });
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json()), message).toContain(message);
    }
    expect((await rates({ state: 'ON', country: 'CA', zip: '12345' }, items)).statusCode).toBe(400);
    expect((await rates({ state: 'ZZ', country: 'CA' }, items)).statusCode).toBe(400);
  });
});

describe("the customer's address book", () => {
  it('saves a Canadian address normalised, changes it, and refuses a province with a US ZIP code', async () => {
    const me = await t.signIn();
    const saved = await me.inject({ method: 'POST', url: '/api/account/addresses', payload: { fullName: 'Gil Lob', ...toronto, zip: 'M5H-2N2' } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().address).toMatchObject({ state: 'ON', zip: 'M5H 2N2', country: 'CA' });
    const id = saved.json().address.id as number;

    const moved = await me.inject({ method: 'PATCH', url: `/api/account/addresses/${id}`, payload: { state: 'bc', zip: 'v6b1a1', city: 'Vancouver' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().address).toMatchObject({ state: 'BC', zip: 'V6B 1A1', country: 'CA', city: 'Vancouver' });

    // a US ZIP code on a Canadian address, or a move to the US that keeps the province, is refused and changes nothing
    const badZip = await me.inject({ method: 'PATCH', url: `/api/account/addresses/${id}`, payload: { zip: '78701' } });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().message).toBe('Please enter a valid postal code, such as K1A 0B1');
    const badCountry = await me.inject({ method: 'PATCH', url: `/api/account/addresses/${id}`, payload: { country: 'US' } });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().message).toBe('Please choose a US state');
    const toUs = await me.inject({ method: 'PATCH', url: `/api/account/addresses/${id}`, payload: { country: 'US', state: 'WA', zip: '98101' } });
    expect(toUs.statusCode).toBe(200);
    expect(toUs.json().address).toMatchObject({ state: 'WA', zip: '98101', country: 'US' });

    const badNew = await me.inject({ method: 'POST', url: '/api/account/addresses', payload: { fullName: 'Gil Lob', ...toronto, zip: '90210' } });
    expect(badNew.statusCode).toBe(400);
    expect(badNew.json().message).toBe('Please enter a valid postal code, such as K1A 0B1');
    expect(await t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, me.id))).toHaveLength(1);
  });
});
