import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactInfo, orders, productVariants, shippingZones } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, oregonAddress } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Shipping zones, methods and rate rules priced on the server (docs/decisions/049): the rates the
// checkout page lists, the method charged and kept on the order, tax on shipping where the state taxes it.

const POUND = 453.59237;
const grams = (pounds: number) => Math.round(pounds * POUND);

let t: TestApp;
let admin: SignedIn;

const rates = (state: string, items: Array<Record<string, unknown>>, couponCode?: string) =>
  t.app.inject({ method: 'POST', url: '/api/shipping/rates', payload: { toAddress: { state, country: 'US' }, items, couponCode } });
const pay = (items: Array<Record<string, unknown>>, overrides: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody(items, overrides) });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function productWeighing(price: string, weightGrams: number, name?: string) {
  const product = await addProduct(t.db, { price, stock: 50, name });
  await t.db.update(productVariants).set({ weightGrams }).where(eq(productVariants.productId, product.id));
  return product;
}

async function addZone(body: Record<string, unknown>) {
  const res = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

async function addMethod(zoneId: number, body: Record<string, unknown>) {
  const res = await admin.inject({ method: 'POST', url: `/api/admin/shipping/zones/${zoneId}/methods`, payload: body });
  expect(res.json()).toMatchObject({ name: body.name });
  return String(res.json().id);
}

const days = { minBusinessDays: 3, maxBusinessDays: 5, cutoffTime: null };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(shippingZones);
  await configureShop(t.db);
});

describe('a new shop (no zones)', () => {
  it('charges the spec: $5.99 Standard shipping, free at $50 and over, for every state', async () => {
    const paddle = await addProduct(t.db, { price: '20.00' });
    const under = await rates('OR', [{ productId: paddle.id, quantity: 2 }]);
    expect(under.statusCode).toBe(200);
    expect(under.json().methods).toEqual([
      expect.objectContaining({ id: 'standard', name: 'Standard shipping', kind: 'delivery', priceCents: 599, arrivesFrom: expect.any(String) }),
    ]);
    expect((await rates('TX', [{ productId: paddle.id, quantity: 3 }])).json().methods[0].priceCents).toBe(0);
    // the spec compares the subtotal before the coupon: 60.00 with 20.00 off still ships free
    await addCoupon(t.db, { code: 'TWENTYOFF', type: 'fixed', amount: '20' });
    expect((await rates('OR', [{ productId: paddle.id, quantity: 3 }], 'TWENTYOFF')).json().methods[0].priceCents).toBe(0);

    const res = await pay([{ productId: paddle.id, quantity: 2 }], { shippingAddress: oregonAddress });
    expect(res.json().totals).toEqual({ subtotal: 4000, discount: 0, shipping: 599, tax: 0, total: 4599 });
    expect(await orderRow(res.json().orderId)).toMatchObject({
      shippingMethodName: 'Standard shipping',
      shippingMethodKind: 'delivery',
      shippingMethodId: null,
    });
  });
});

describe("the owner's zones and methods", () => {
  it('prices by weight brackets to the cent: a 30 lb net system, a paddle, and too heavy for any bracket', async () => {
    const zone = await addZone({ name: 'Lower 48 south', usStates: ['TX', 'OK'] });
    const ground = await addMethod(zone, {
      name: 'Standard',
      kind: 'delivery',
      ...days,
      rate: {
        basis: 'weight',
        freeOverCents: null,
        brackets: [
          { from: 0, to: grams(2), priceCents: 795 },
          { from: grams(2), to: grams(20), priceCents: 1495 },
          { from: grams(20), to: grams(70), priceCents: 3450 },
        ],
      },
    });
    const net = await productWeighing('199.00', grams(30), 'Portable Net System');
    const paddle = await productWeighing('89.99', grams(0.5));

    const netRates = (await rates('TX', [{ productId: net.id, quantity: 1 }])).json();
    expect(netRates.methods).toEqual([expect.objectContaining({ id: ground, name: 'Standard', priceCents: 3450 })]);
    expect((await rates('OK', [{ productId: paddle.id, quantity: 3 }])).json().methods[0].priceCents).toBe(795);
    // 3 nets weigh 90 lb: no bracket takes them, so this zone has nothing to offer
    const heavy = await rates('TX', [{ productId: net.id, quantity: 3 }]);
    expect(heavy.json().methods).toEqual([]);
    const refused = await pay([{ productId: net.id, quantity: 3 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('We cannot ship this cart to TX. Please contact us about your order.');

    // Texas taxes shipping: 8.20 % of 199.00 + 34.50 = 19.147 -> 19.15, of which 2.83 on the shipping
    const res = await pay([{ productId: net.id, quantity: 1 }], { shippingMethodId: ground });
    expect(res.statusCode).toBe(200);
    expect(res.json().totals).toEqual({ subtotal: 19900, discount: 0, shipping: 3450, tax: 1915, total: 25265 });
    expect(await orderRow(res.json().orderId)).toMatchObject({
      shippingTotal: '34.50',
      shippingTax: '2.83',
      shippingMethodId: Number(ground),
      shippingMethodName: 'Standard',
      shippingMethodKind: 'delivery',
    });
  });

  it('prices by subtotal after the coupon, flat with free over a threshold, and local pickup at no cost', async () => {
    const zone = await addZone({ name: 'Texas', usStates: ['TX'] });
    const standard = await addMethod(zone, {
      name: 'Standard',
      kind: 'delivery',
      ...days,
      rate: {
        basis: 'subtotal',
        freeOverCents: 10_000,
        brackets: [
          { from: 0, to: 2500, priceCents: 499 },
          { from: 2500, to: null, priceCents: 699 },
        ],
      },
    });
    const expedited = await addMethod(zone, {
      name: 'Expedited',
      kind: 'delivery',
      minBusinessDays: 1,
      maxBusinessDays: 2,
      cutoffTime: '14:00',
      rate: { basis: 'flat', priceCents: 1999, freeOverCents: 25_000 },
    });
    const pickup = await addMethod(zone, {
      name: 'Local pickup',
      kind: 'pickup',
      minBusinessDays: 0,
      maxBusinessDays: 1,
      rate: { basis: 'flat', priceCents: 0, freeOverCents: null },
    });
    await addCoupon(t.db, { code: 'FIVEOFF', type: 'fixed', amount: '5' });
    const balls = await productWeighing('27.00', 800);

    const list = (await rates('TX', [{ productId: balls.id, quantity: 1 }])).json();
    expect(list.methods.map((m: { id: string; priceCents: number }) => [m.id, m.priceCents])).toEqual([
      [standard, 699],
      [expedited, 1999],
      [pickup, 0],
    ]);
    expect(list.pickupAddress).toBe('2401 E Cesar Chavez St, Austin, TX, 78702');
    // 27.00 - 5.00 = 22.00 is in the first bracket
    expect((await rates('TX', [{ productId: balls.id, quantity: 1 }], 'FIVEOFF')).json().methods[0].priceCents).toBe(499);
    // 4 x 27.00 = 108.00: Standard free over 100.00, Expedited not yet
    const four = (await rates('TX', [{ productId: balls.id, quantity: 4 }])).json().methods;
    expect(four.map((m: { priceCents: number }) => m.priceCents)).toEqual([0, 1999, 0]);

    // Expedited, chosen: (27.00 + 19.99) x 8.20 % = 3.85318
    const fast = await pay([{ productId: balls.id, quantity: 1 }], { shippingMethodId: expedited });
    expect(fast.json().totals).toEqual({ subtotal: 2700, discount: 0, shipping: 1999, tax: 385, total: 5084 });
    expect(await orderRow(fast.json().orderId)).toMatchObject({ shippingMethodName: 'Expedited', shippingTax: '1.64' });

    // pickup: no shipping, so no tax on it: 27.00 x 8.20 % = 2.214
    const collected = await pay([{ productId: balls.id, quantity: 1 }], { shippingMethodId: pickup });
    expect(collected.json().totals).toEqual({ subtotal: 2700, discount: 0, shipping: 0, tax: 221, total: 2921 });
    const order = await orderRow(collected.json().orderId);
    expect(order).toMatchObject({ shippingMethodName: 'Local pickup', shippingMethodKind: 'pickup', shippingTotal: '0.00', shippingTax: '0.00' });
    expect(order.shippingArrivesFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // no method named: the cheapest (pickup) is charged
    expect((await pay([{ productId: balls.id, quantity: 1 }])).json().totals.shipping).toBe(0);
    // the tax preview prices the chosen method too
    const tax = await t.app.inject({
      method: 'POST',
      url: '/api/tax/calculate',
      payload: { toAddress: checkoutBody([]).shippingAddress, lineItems: [{ id: balls.id, quantity: 1 }], shippingMethodId: expedited },
    });
    expect(tax.json().amountCents).toBe(385);
  });

  it('taxes shipping in a state that taxes it and not in one that does not', async () => {
    const texas = await addZone({ name: 'Texas', usStates: ['TX'] });
    const california = await addZone({ name: 'California', usStates: ['CA'] });
    const flat = { name: 'Standard', kind: 'delivery', ...days, rate: { basis: 'flat', priceCents: 1000, freeOverCents: null } };
    await addMethod(texas, flat);
    await addMethod(california, flat);
    const paddle = await productWeighing('100.00', 230);
    // a Texas shop, a Texas shopper: (100.00 + 10.00) x 8.20 % = 9.02
    expect((await pay([{ productId: paddle.id, quantity: 1 }])).json().totals).toMatchObject({ shipping: 1000, tax: 902 });
    // a California shop, a California shopper: 100.00 x 8.85 % = 8.85, shipping untaxed
    await t.db.update(contactInfo).set({ address: '1 Market St, San Francisco, CA, 94105' }).where(eq(contactInfo.id, 1));
    const res = await pay([{ productId: paddle.id, quantity: 1 }], {
      shippingAddress: { street: '1 Main St', city: 'Los Angeles', state: 'CA', zip: '90012', country: 'US' },
    });
    expect(res.json().totals).toMatchObject({ shipping: 1000, tax: 885 });
    expect(await orderRow(res.json().orderId)).toMatchObject({ shippingTax: '0.00' });
  });

  it("a state outside every zone keeps the built-in Standard shipping; another zone's method id is refused", async () => {
    const zone = await addZone({ name: 'Texas', usStates: ['TX'] });
    const expedited = await addMethod(zone, { name: 'Expedited', kind: 'delivery', ...days, rate: { basis: 'flat', priceCents: 1999, freeOverCents: null } });
    const paddle = await productWeighing('20.00', 230);
    expect((await rates('OR', [{ productId: paddle.id, quantity: 1 }])).json().methods).toEqual([expect.objectContaining({ id: 'standard', priceCents: 599 })]);
    for (const shippingMethodId of [expedited, 'standard', '999999', 'overnight']) {
      const res = await pay([{ productId: paddle.id, quantity: 1 }], {
        shippingAddress: shippingMethodId === expedited ? oregonAddress : checkoutBody([]).shippingAddress,
        shippingMethodId,
      });
      expect({ shippingMethodId, status: res.statusCode, message: res.json().message }).toEqual({
        shippingMethodId,
        status: 400,
        message: 'This shipping method is not available for this address and cart. Please choose another.',
      });
    }
  });
});

describe('the Shipping tab refuses what it cannot keep', () => {
  const method = (rate: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ name: 'Standard', kind: 'delivery', ...days, rate, ...more });

  it('answers 4xx with the reason: overlapping or bad brackets, negative prices, a state in two zones, strangers, huge bodies', async () => {
    const zone = await addZone({ name: 'Texas', usStates: ['TX'] });
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        method({
          basis: 'weight',
          freeOverCents: null,
          brackets: [
            { from: 0, to: 1000, priceCents: 500 },
            { from: 900, to: null, priceCents: 900 },
          ],
        }),
        'Brackets overlap: each must start where the one before ends or later',
      ],
      [
        method({
          basis: 'subtotal',
          freeOverCents: null,
          brackets: [
            { from: 0, to: null, priceCents: 500 },
            { from: 5000, to: null, priceCents: 0 },
          ],
        }),
        'Brackets overlap',
      ],
      [method({ basis: 'weight', freeOverCents: null, brackets: [{ from: 500, to: 100, priceCents: 500 }] }), 'To must be above From'],
      [method({ basis: 'weight', freeOverCents: null, brackets: [] }), 'Add at least one bracket'],
      [method({ basis: 'flat', priceCents: -1, freeOverCents: null }), 'Price cannot be negative'],
      [method({ basis: 'flat', priceCents: 5.5, freeOverCents: null }), 'Price must be in whole cents'],
      [method({ basis: 'flat', priceCents: 500, freeOverCents: -100 }), 'Free over cannot be negative'],
      [method({ basis: 'flat', priceCents: 500, freeOverCents: null }, { minBusinessDays: 5, maxBusinessDays: 2 }), 'Slowest cannot be before fastest'],
      [method({ basis: 'flat', priceCents: 500, freeOverCents: null }, { cutoffTime: '25:00' }), 'Cut-off time as HH:MM (24 hours)'],
      [method({ basis: 'hourly', priceCents: 500, freeOverCents: null }), 'Invalid shipping method'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.inject({ method: 'POST', url: `/api/admin/shipping/zones/${zone}/methods`, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }

    const twice = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'South', usStates: ['OK', 'TX'] } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('TX already belongs to the zone "Texas"');
    const unknownState = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'Nowhere', usStates: ['XX'] } });
    expect(unknownState.statusCode).toBe(400);
    const empty = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'Empty', usStates: [] } });
    expect(empty.json().message).toContain('Choose at least one state or province');
    const missing = await admin.inject({
      method: 'POST',
      url: '/api/admin/shipping/zones/999999/methods',
      payload: method({ basis: 'flat', priceCents: 1, freeOverCents: null }),
    });
    expect(missing.statusCode).toBe(404);

    const huge = await admin.inject({
      method: 'POST',
      url: `/api/admin/shipping/zones/${zone}/methods`,
      payload: method({
        basis: 'weight',
        freeOverCents: null,
        brackets: Array.from({ length: 40_000 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, priceCents: 100 })),
      }),
    });
    expect(huge.statusCode).toBe(413);
    const many = await admin.inject({
      method: 'POST',
      url: `/api/admin/shipping/zones/${zone}/methods`,
      payload: method({
        basis: 'weight',
        freeOverCents: null,
        brackets: Array.from({ length: 51 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, priceCents: 100 })),
      }),
    });
    expect(many.json().message).toContain('At most 50 brackets');

    const stranger = await t.app.inject({ method: 'GET', url: '/api/admin/shipping' });
    expect(stranger.statusCode).toBe(401);
    const customer = await t.signIn();
    expect((await customer.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'Mine', usStates: ['OR'] } })).statusCode).toBe(403);
  });

  it('lists, changes and deletes zones and methods; checkout sees each change at once', async () => {
    const zone = await addZone({ name: 'Texas', usStates: ['TX'] });
    const id = await addMethod(zone, method({ basis: 'flat', priceCents: 700, freeOverCents: null }));
    const paddle = await productWeighing('20.00', 230);
    expect((await rates('TX', [{ productId: paddle.id, quantity: 1 }])).json().methods[0].priceCents).toBe(700);

    const changed = await admin.inject({
      method: 'PUT',
      url: `/api/admin/shipping/zones/${zone}/methods/${id}`,
      payload: method({ basis: 'flat', priceCents: 650, freeOverCents: null }),
    });
    expect(changed.statusCode).toBe(200);
    expect((await rates('TX', [{ productId: paddle.id, quantity: 1 }])).json().methods[0].priceCents).toBe(650);
    const listed = (await admin.inject({ method: 'GET', url: '/api/admin/shipping' })).json();
    expect(listed).toMatchObject({
      timeZone: 'America/Chicago',
      zones: [{ name: 'Texas', usStates: ['TX'], methods: [{ name: 'Standard', rate: { priceCents: 650 } }] }],
    });

    expect((await admin.inject({ method: 'PUT', url: '/api/admin/shipping/settings', payload: { timeZone: 'Mars/Olympus' } })).statusCode).toBe(400);
    expect((await admin.inject({ method: 'PUT', url: '/api/admin/shipping/settings', payload: { timeZone: 'America/New_York' } })).statusCode).toBe(200);

    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/shipping/zones/${zone}` })).statusCode).toBe(200);
    expect((await rates('TX', [{ productId: paddle.id, quantity: 1 }])).json().methods).toEqual([expect.objectContaining({ id: 'standard', priceCents: 599 })]);
    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/shipping/zones/${zone}` })).statusCode).toBe(404);
  });
});
