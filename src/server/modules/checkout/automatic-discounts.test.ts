import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Checkout keeps the automatic discounts with the owner's settings (checkout-settings.ts) instead of reading
// them per payment: the owner's change must still reach the very next payment (a discount's dates are
// decided at each payment: discounts.test.ts).

const tenPercentOff = (patch: Record<string, unknown> = {}) => ({
  kind: 'automatic',
  title: 'Ten off everything',
  type: 'percentage',
  amount: 10,
  usageLimit: 0,
  isActive: true,
  validFrom: null,
  validTo: null,
  ...patch,
});

describe('automatic discounts kept between payments', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    // kept as in production: the cache is on with the catalogue response cache
    t = await createTestApp({ RESPONSE_CACHE: 'on' });
    await configureShop(t.db);
    admin = await t.signIn({ admin: true });
  });
  afterAll(() => t.close());

  async function discountOf(productId: number) {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId, quantity: 1 }]) });
    expect(res.statusCode).toBe(200);
    return (res.json().totals as { discount: number }).discount;
  }

  it('the next payment after the owner starts, edits or stops a discount has the new one', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 20 });
    expect(await discountOf(paddle.id)).toBe(0);

    const created = await admin.inject({ method: 'POST', url: '/api/coupons', payload: tenPercentOff() });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    expect(await discountOf(paddle.id)).toBe(200);

    // kept, not read per payment: a change past the app is not seen at once
    await t.db.update(coupons).set({ amount: '50' }).where(eq(coupons.id, id));
    expect(await discountOf(paddle.id)).toBe(200);

    const edited = await admin.inject({ method: 'PATCH', url: `/api/coupons/${id}`, payload: tenPercentOff({ amount: 25 }) });
    expect(edited.statusCode).toBe(200);
    expect(await discountOf(paddle.id)).toBe(500);

    const stopped = await admin.inject({ method: 'PATCH', url: `/api/coupons/${id}`, payload: tenPercentOff({ amount: 25, isActive: false }) });
    expect(stopped.statusCode).toBe(200);
    expect(await discountOf(paddle.id)).toBe(0);
  });

  it('the discount preview reads the same kept discounts', async () => {
    const ball = await addProduct(t.db, { price: '10.00', stock: 20 });
    const created = await admin.inject({ method: 'POST', url: '/api/coupons', payload: tenPercentOff({ title: 'Preview ten' }) });
    expect(created.statusCode).toBe(201);
    const preview = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/discounts/preview', payload: { items: [{ productId: ball.id, quantity: 2 }] } });
      expect(res.statusCode).toBe(200);
      return res.json() as { discountCents: number; discounts: unknown[] };
    };
    expect(await preview()).toMatchObject({ discountCents: 200, discounts: [{ kind: 'automatic', label: 'Preview ten: 10 % off', amountCents: 200 }] });
    await t.db
      .update(coupons)
      .set({ amount: '50' })
      .where(eq(coupons.id, (created.json() as { id: number }).id));
    expect((await preview()).discountCents).toBe(200);
  });
});
