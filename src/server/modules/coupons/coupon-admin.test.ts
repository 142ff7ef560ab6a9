import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { coupons } from '#server/db/schema.ts';
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
