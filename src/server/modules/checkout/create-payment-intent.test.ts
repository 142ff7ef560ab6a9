import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { couponReservations, orderItems, orders, stockReservations } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addCoupon, addProduct, checkoutBody, configureShop, nevadaAddress, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { setProductPrice } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => configureShop(t.db));

const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: payload as object });

describe('POST /api/create-payment-intent', () => {
  it('charges the server total, not the page amount, and records a pending order with reserved stock', async () => {
    const paddle = await addProduct(t.db, { name: 'Court King', price: '20.00', stock: 5 });
    const res = await create(checkoutBody([{ productId: paddle.id, quantity: 2 }], { amount: 1 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 2 x 20.00 + 5.99 shipping (under 50) + 8.20 % Texas tax (state and average local) on 45.99: Texas taxes shipping
    expect(body).toMatchObject({ amount: 4976, totals: { subtotal: 4000, discount: 0, shipping: 599, tax: 377, total: 4976 }, provider: 'simulated' });
    expect(body.clientSecret).toMatch(new RegExp(`^${body.paymentIntentId}_secret_`));
    expect(await stockOf(t.db, paddle.id)).toBe(3);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      total: '49.76',
      subtotal: '40.00',
      shippingTotal: '5.99',
      taxTotal: '3.77',
      shippingTax: '0.49',
      shippingMethodName: 'Standard shipping',
      shippingMethodKind: 'delivery',
      discountTotal: '0.00',
      userId: null,
      customerEmail: 'pat@example.com',
      phone: null,
      state: 'TX',
      zipCode: '78701',
      providerPaymentId: body.paymentIntentId,
      paymentProvider: 'simulated',
    });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, body.orderId));
    expect(items).toMatchObject([{ productId: paddle.id, productName: 'Court King', quantity: 2, price: '20.00' }]);
    const held = await t.db.select().from(stockReservations).where(eq(stockReservations.orderId, body.orderId));
    expect(held).toMatchObject([{ productId: paddle.id, quantity: 2, state: 'held' }]);
    const minutes = (held[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('accepts cart items carrying the product object, merges repeated lines and links a signed-in user', async () => {
    const paddle = await addProduct(t.db, { price: '30.00', stock: 10 });
    const user = await t.signIn();
    const res = await user.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([], {
        items: [
          { product: { id: paddle.id, name: 'whatever', price: '0.01' }, quantity: 1 },
          { productId: paddle.id, quantity: 1 },
        ],
        shippingAddress: nevadaAddress,
      }),
    });
    expect(res.statusCode).toBe(200);
    // 60.00: free shipping at or above 50; Nevada is not the shop's nexus: no tax
    expect(res.json().totals).toEqual({ subtotal: 6000, discount: 0, shipping: 0, tax: 0, total: 6000 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order!.userId).toBe(user.id);
    expect(await stockOf(t.db, paddle.id)).toBe(8);
  });

  it('applies a coupon from the database and reserves one use of it', async () => {
    const paddle = await addProduct(t.db, { price: '100.00', stock: 10 });
    const coupon = await addCoupon(t.db, { code: 'SAVE10', type: 'percentage', amount: '10', usageLimit: 5 });
    const res = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'save10', shippingAddress: nevadaAddress }));
    expect(res.statusCode).toBe(200);
    expect(res.json().totals).toEqual({ subtotal: 10000, discount: 1000, shipping: 0, tax: 0, total: 9000 });
    expect(await timesUsed(t.db, coupon.id)).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order).toMatchObject({ couponCode: 'SAVE10', discountTotal: '10.00' });
    const uses = await t.db.select().from(couponReservations).where(eq(couponReservations.orderId, res.json().orderId));
    expect(uses).toMatchObject([{ couponId: coupon.id, state: 'held' }]);
  });

  it('taxes the goods after the discount', async () => {
    const paddle = await addProduct(t.db, { price: '80.00', stock: 10 });
    await addCoupon(t.db, { code: 'FIVER', type: 'fixed', amount: '5.00' });
    const res = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'FIVER' }));
    // (80.00 - 5.00) x 8.20 % = 6.15
    expect(res.json().totals).toEqual({ subtotal: 8000, discount: 500, shipping: 0, tax: 615, total: 8115 });
  });

  it('refuses a short product with 409 naming it and rolls every line back', async () => {
    const plenty = await addProduct(t.db, { name: 'Plenty', stock: 10 });
    const scarce = await addProduct(t.db, { name: 'Scarce Ball', stock: 2 });
    const res = await create(
      checkoutBody([
        { productId: plenty.id, quantity: 3 },
        { productId: scarce.id, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Only 2 left of Scarce Ball' });
    expect(await stockOf(t.db, plenty.id)).toBe(10);
    expect(await stockOf(t.db, scarce.id)).toBe(2);
    const none = await addProduct(t.db, { name: 'Gone Paddle', stock: 0 });
    const out = await create(checkoutBody([{ productId: none.id, quantity: 1 }]));
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('Gone Paddle is out of stock');
  });

  it('refuses unknown and deleted products with 400 naming them', async () => {
    const unknown = await create(checkoutBody([{ productId: 999_999, quantity: 1 }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Product 999999 no longer exists. Please remove it from your cart.');
    const deleted = await addProduct(t.db, { name: 'Old Paddle', isDeleted: true });
    const res = await create(checkoutBody([{ productId: deleted.id, quantity: 1 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Old Paddle is no longer available. Please remove it from your cart.');
  });

  it('refuses a coupon that cannot be used with its reason', async () => {
    const paddle = await addProduct(t.db, { price: '60.00' });
    await addCoupon(t.db, { code: 'USEDUP', type: 'fixed', amount: '5', usageLimit: 1, timesUsed: 1 });
    await addCoupon(t.db, { code: 'OLD', type: 'fixed', amount: '5', validTo: new Date(Date.now() - 1000) });
    const used = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'usedup' }));
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('This coupon has reached its usage limit');
    const old = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'OLD' }));
    expect(old.json().message).toBe('This coupon has expired');
    const unknown = await create(checkoutBody([{ productId: paddle.id, quantity: 1 }], { couponCode: 'NOPE' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invalid coupon code');
    expect(await stockOf(t.db, paddle.id)).toBe(10);
  });

  it('refuses orders under 50 cents', async () => {
    const cheap = await addProduct(t.db, { price: '0.10', stock: 5 });
    await setProductPrice(t.db, cheap.id, '0.10');
    const res = await create(checkoutBody([{ productId: cheap.id, quantity: 1 }], { shippingAddress: nevadaAddress }));
    // 0.10 + 5.99 shipping is fine; with free shipping it is not
    expect(res.statusCode).toBe(200);
    await configureShop(t.db, { shippingCost: null });
    const free = await create(checkoutBody([{ productId: cheap.id, quantity: 1 }], { shippingAddress: nevadaAddress }));
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('Orders under $0.50 cannot be paid by card');
  });
});
