import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addProduct, checkoutBody, configureShop, oregonAddress, stockOf } from './testing/checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });

describe('replacing an unpaid payment (previousPaymentIntentId)', () => {
  it("gives the shopper's own earlier reservation back before reserving again", async () => {
    const last = await addProduct(t.db, { name: 'Last One', stock: 1, price: '70.00' });
    const first = await create(checkoutBody([{ productId: last.id, quantity: 1 }]));
    expect(first.statusCode).toBe(200);
    // the shopper changed the address after "Proceed to Checkout": without the previous id their own hold blocks them
    const blocked = await create(checkoutBody([{ productId: last.id, quantity: 1 }], { shippingAddress: oregonAddress }));
    expect(blocked.statusCode).toBe(409);
    const again = await create(
      checkoutBody([{ productId: last.id, quantity: 1 }], { shippingAddress: oregonAddress, previousPaymentIntentId: first.json().paymentIntentId }),
    );
    expect(again.statusCode).toBe(200);
    expect(await stockOf(t.db, last.id)).toBe(0);
    const [old] = await t.db.select().from(orders).where(eq(orders.id, first.json().orderId));
    expect(old).toMatchObject({ paymentStatus: 'cancelled', status: 'cancelled' });
  });

  it('refuses to replace a payment that already went through', async () => {
    const product = await addProduct(t.db, { stock: 5 });
    const first = await create(checkoutBody([{ productId: product.id, quantity: 1 }]));
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: first.json().paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
    });
    const again = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { previousPaymentIntentId: first.json().paymentIntentId }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Your earlier payment for this cart has already gone through. Please check your e-mail for the confirmation.',
    );
    expect(await stockOf(t.db, product.id)).toBe(4);
  });

  it('ignores an unknown previous id and refuses a malformed one', async () => {
    const product = await addProduct(t.db, { stock: 5 });
    const unknown = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { previousPaymentIntentId: 'pi_sim_nothing' }));
    expect(unknown.statusCode).toBe(200);
    const bad = await create(checkoutBody([{ productId: product.id, quantity: 1 }], { previousPaymentIntentId: 'no good!' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid payment id');
  });
});
