import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addProduct, checkoutBody, configureShop, oregonAddress, stockOf } from '#server/test/checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });
const token = (name: string) => `cart-${name}-0123456789abcdef`;
const pay = (paymentIntentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
  });

describe('a new payment for the same cart (cartToken) replaces its unpaid one', () => {
  it("gives the shopper's own earlier reservation back at once, and the replaced payment can no longer be paid", async () => {
    const last = await addProduct(t.db, { name: 'Last One', stock: 1, price: '70.00' });
    const first = await create(checkoutBody([{ productId: last.id, quantity: 1 }], { cartToken: token('a') }));
    expect(first.statusCode).toBe(200);
    // another cart is blocked by the hold
    const other = await create(checkoutBody([{ productId: last.id, quantity: 1 }], { cartToken: token('b') }));
    expect(other.statusCode).toBe(409);
    // the same cart after the address changed takes its own unit again
    const again = await create(checkoutBody([{ productId: last.id, quantity: 1 }], { shippingAddress: oregonAddress, cartToken: token('a') }));
    expect(again.statusCode).toBe(200);
    expect(await stockOf(t.db, last.id)).toBe(0);
    const [old] = await t.db.select().from(orders).where(eq(orders.id, first.json().orderId));
    expect(old).toMatchObject({ paymentStatus: 'cancelled', status: 'cancelled' });
    const late = await pay(first.json().paymentIntentId);
    expect(late.statusCode).toBe(409);
    expect((await pay(again.json().paymentIntentId)).json().status).toBe('succeeded');
  });

  it('refuses a new payment for a cart that was already paid (a stale tab)', async () => {
    const product = await addProduct(t.db, { stock: 5 });
    const first = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { cartToken: token('paid') }));
    await pay(first.json().paymentIntentId);
    const again = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { cartToken: token('paid') }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your earlier payment for this cart has already gone through. Please check your e-mail for the confirmation.');
    expect(await stockOf(t.db, product.id)).toBe(4);
  });

  it('refuses a malformed cart token', async () => {
    const product = await addProduct(t.db, { stock: 5 });
    for (const cartToken of ['short', 'has spaces in it 0123456789', 'x'.repeat(65), 42]) {
      const bad = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { cartToken }));
      expect(bad.statusCode).toBe(400);
      if (typeof cartToken === 'string') expect(bad.json().message).toBe('Invalid cart token');
    }
    expect(await stockOf(t.db, product.id)).toBe(5);
  });
});
