import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { discountRuleWords } from '#common/discount-words.ts';
import { coupons, productTypes } from '#server/db/schema.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const coupon = (patch: Record<string, unknown> = {}) => ({
  code: 'spring10',
  type: 'percentage',
  amount: 10,
  usageLimit: 0,
  isActive: true,
  validFrom: '2026-03-01T00:00:00.000Z',
  validTo: '2026-03-31T00:00:00.000Z',
  ...patch,
});
const create = (patch: Record<string, unknown> = {}) => admin.inject({ method: 'POST', url: '/api/coupons', payload: coupon(patch) });

describe('coupon admin guards', () => {
  it('refuses anonymous (401) and regular users (403) on every coupon route, changing nothing', async () => {
    const [row] = await t.db.insert(coupons).values({ code: 'GUARD', type: 'fixed', amount: '5' }).returning();
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/coupons' },
        { method: 'POST', url: '/api/coupons', payload: coupon({ code: 'SNEAKY' }) },
        { method: 'PATCH', url: `/api/coupons/${row!.id}`, payload: coupon({ code: 'GUARD', amount: 99 }) },
        { method: 'DELETE', url: `/api/coupons/${row!.id}` },
      ],
      () => t.db.select().from(coupons).orderBy(coupons.id),
    );
    await t.db.delete(coupons);
  });
});

describe('coupons tab', () => {
  it('creates a coupon with its code uppercase and lists it newest first', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    expect(AdminCoupon.parse(res.json())).toMatchObject({
      code: 'SPRING10',
      type: 'percentage',
      amount: '10.00',
      usageLimit: 0,
      timesUsed: 0,
      isActive: true,
      validFrom: '2026-03-01T00:00:00.000Z',
      validTo: '2026-03-31T00:00:00.000Z',
    });
    await create({ code: 'later5', type: 'fixed', amount: '5.5', validFrom: null, validTo: '' });
    const list = (await admin.inject({ url: '/api/coupons' })).json() as AdminCoupon[];
    expect(list.map((c) => c.code)).toEqual(['LATER5', 'SPRING10']);
    expect(list[0]).toMatchObject({ amount: '5.50', validFrom: null, validTo: null });
  });

  it('refuses a duplicate code in any case with 409', async () => {
    const res = await create({ code: 'Spring10' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A coupon with code "SPRING10" already exists' });
  });

  it.each([
    [{ validFrom: 'not a date' }, 'validFrom', 'Invalid date format for validFrom'],
    [{ validTo: '2026-13-45' }, 'validTo', 'Invalid date format for validTo'],
    [{ validFrom: '2026-04-01T00:00:00Z', validTo: '2026-03-01T00:00:00Z' }, 'validTo', 'End date must be after start date'],
    [{ type: 'free' }, 'type', 'Type must be percentage or fixed'],
    [{ amount: -5 }, 'amount', 'Amount cannot be negative'],
    [{ amount: 'ten' }, 'amount', 'Amount must be a number'],
    [{ amount: 150 }, 'amount', 'A percentage discount cannot exceed 100'],
    [{ usageLimit: -1 }, 'usageLimit', 'Usage limit cannot be negative'],
    [{ usageLimit: 2.5 }, 'usageLimit', 'Usage limit must be a whole number'],
    [{ code: '' }, 'code', 'Coupon code is required'],
  ])('refuses %o with the exact message', async (patch, path, message) => {
    const res = await create({ code: 'CHECK', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(res.json().message).toBe(`Invalid coupon: ${res.json().issues[0].path}: ${res.json().issues[0].message}`);
  });

  it('updates every field but never the usage count', async () => {
    const created = (await create({ code: 'EDITME' })).json() as AdminCoupon;
    await t.db.update(coupons).set({ timesUsed: 3 });
    const res = await admin.inject({
      method: 'PATCH',
      url: `/api/coupons/${created.id}`,
      payload: coupon({ code: 'edited', type: 'fixed', amount: 150, usageLimit: 10, isActive: false, timesUsed: 0 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, code: 'EDITED', type: 'fixed', amount: '150.00', usageLimit: 10, isActive: false, timesUsed: 3 });
    const clash = await admin.inject({ method: 'PATCH', url: `/api/coupons/${created.id}`, payload: coupon({ code: 'spring10' }) });
    expect(clash.statusCode).toBe(409);
    expect((await admin.inject({ method: 'PATCH', url: '/api/coupons/999999', payload: coupon() })).statusCode).toBe(404);
  });

  it('deletes a coupon, then answers 404', async () => {
    const created = (await create({ code: 'BYE' })).json() as AdminCoupon;
    expect((await admin.inject({ method: 'DELETE', url: `/api/coupons/${created.id}` })).json()).toEqual({ id: created.id, deleted: true });
    expect((await admin.inject({ method: 'DELETE', url: `/api/coupons/${created.id}` })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'DELETE', url: '/api/coupons/x' })).statusCode).toBe(400);
  });
});

describe('discounts with the engine’s rules', () => {
  it('creates an automatic quantity break and lists its rule with the names it names', async () => {
    const [brand] = await insertBrands(t.db, { name: 'Rule Brand' });
    const [ball] = await insertProducts(t.db, { name: 'Rule Ball', price: '10.00', stock: 50, brandId: brand!.id });
    const [type] = await t.db.select().from(productTypes).limit(1);
    const res = await admin.inject({
      method: 'POST',
      url: '/api/coupons',
      payload: coupon({
        code: undefined,
        kind: 'automatic',
        title: 'Ball breaks',
        amount: '0',
        appliesTo: { productTypeIds: [type!.id], brandIds: [brand!.id] },
        quantityBreaks: [
          { minQuantity: 36, percent: 15 },
          { minQuantity: 12, percent: 10 },
        ],
        minSubtotal: '20',
      }),
    });
    expect(res.statusCode).toBe(201);
    const created = AdminCoupon.parse(res.json());
    expect(created.code).toMatch(/^AUTO-/);
    expect(created.scopeNames).toEqual({ [`type:${type!.id}`]: type!.name, [`brand:${brand!.id}`]: 'Rule Brand' });
    expect(discountRuleWords(created)).toBe(`Rule Brand ${type!.name}: 12+ 10 % off, 36+ 15 %; from $20.00`);

    const gift = await create({
      code: 'PADDLEPAIR',
      amount: '0',
      buyXGetY: { buyQuantity: 2, buy: { productIds: [ball!.id] }, getQuantity: 1, get: { productIds: [ball!.id] }, percent: 100 },
      perCustomerLimit: 1,
    });
    expect(gift.statusCode).toBe(201);
    expect(discountRuleWords(AdminCoupon.parse(gift.json()))).toBe('Buy 2 Rule Ball, get 1 Rule Ball free; once per customer');
    const listed = ((await admin.inject({ url: '/api/coupons' })).json() as AdminCoupon[]).find((row) => row.id === created.id);
    expect(listed?.scopeNames[`brand:${brand!.id}`]).toBe('Rule Brand');
  });

  it.each([
    [
      { quantityBreaks: [{ minQuantity: 12, percent: 10 }], buyXGetY: { buyQuantity: 1, buy: {}, getQuantity: 1, get: {}, percent: 50 } },
      'buyXGetY',
      'Choose quantity breaks or buy X get Y, not both',
    ],
    [{ type: 'fixed', quantityBreaks: [{ minQuantity: 12, percent: 10 }] }, 'type', 'Quantity breaks and buy X get Y take a percentage'],
    [
      {
        quantityBreaks: [
          { minQuantity: 12, percent: 10 },
          { minQuantity: 12, percent: 20 },
        ],
      },
      'quantityBreaks',
      'Each break needs its own quantity',
    ],
    [{ quantityBreaks: [{ minQuantity: 0, percent: 10 }] }, 'quantityBreaks.0.minQuantity', 'Break quantity must be at least 1'],
    [{ quantityBreaks: [{ minQuantity: 5, percent: 120 }] }, 'quantityBreaks.0.percent', 'Break percent cannot exceed 100'],
    [{ kind: 'automatic', title: 'Auto', usageLimit: 5 }, 'usageLimit', 'An automatic discount has no usage limit'],
    [{ kind: 'automatic', title: 'Auto', perCustomerLimit: 1 }, 'perCustomerLimit', 'An automatic discount has no per-customer limit'],
    [{ kind: 'automatic' }, 'title', 'An automatic discount needs a title'],
    [{ combinesWithCodes: true }, 'combinesWithCodes', 'Only an automatic discount combines with a code'],
    [{ appliesTo: { productIds: [-1] } }, 'appliesTo.productIds.0', 'Products must be ids'],
  ])('refuses the rule %o with 400 under its field', async (patch, path, message) => {
    const res = await create({ code: 'RULES', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });
});
