import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { addCoupon, addProduct, configureShop, stockOf, timesUsed } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The wallet path (express checkout): a quote for the partial address a wallet shares, then the order
// through the card checkout's own placement. The simulator's confirmation pays it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const nextYear = new Date().getUTCFullYear() + 1;
const quote = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/express-checkout/quote', payload: payload as object });
const place = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/express-checkout/orders', payload: payload as object });
const payByWallet = (paymentIntentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });

const austin = { city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const portland = { city: 'Portland', state: 'OR', zip: '97201', country: 'US' };

function walletOrder(items: object[], overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Jamie Rivera',
    customerEmail: 'Jamie@Example.com',
    phone: '+1 512 555 0100',
    shippingAddress: { street: '1 Congress Ave', ...austin },
    items,
    shippingOptionId: 'standard',
    // 20.00 + 5.99 shipping + 2.13 tax (Texas 8.20 %, which taxes shipping too)
    amount: 2812,
    ...overrides,
  };
}

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('POST /api/express-checkout/quote', () => {
  it('answers the shipping option and the totals without tax before the wallet shares an address', async () => {
    const product = await addProduct(t.db, { price: '20.00' });
    const res = await quote({ items: [{ productId: product.id, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shippingOptions: [{ id: 'standard', label: 'Standard shipping', amountCents: 599 }],
      totals: { subtotal: 2000, discount: 0, shipping: 599, tax: 0, total: 2599 },
      taxIncluded: false,
      taxFallback: false,
    });
  });

  it('reprices for the partial address: Texas is taxed (the shop is there), Oregon is not; a state given by name counts', async () => {
    const product = await addProduct(t.db, { price: '20.00' });
    const items = [{ productId: product.id, quantity: 1 }];
    const texas = (await quote({ items, address: austin })).json();
    expect(texas).toMatchObject({ totals: { tax: 213, total: 2812 }, taxIncluded: true });
    const oregon = (await quote({ items, address: portland })).json();
    expect(oregon).toMatchObject({ totals: { tax: 0, total: 2599 }, taxIncluded: true });
    // Apple Pay gives no city for some addresses, and a state as the card has it
    const byName = (await quote({ items, address: { state: 'texas', zip: '78701', country: 'us' } })).json();
    expect(byName.totals.total).toBe(2812);
  });

  it('offers free shipping over the threshold and applies the coupon', async () => {
    const product = await addProduct(t.db, { price: '30.00' });
    await addCoupon(t.db, { code: 'WALLET10', type: 'percentage', amount: '10' });
    const res = await quote({ items: [{ productId: product.id, quantity: 2 }], couponCode: 'wallet10', address: portland });
    expect(res.json()).toMatchObject({
      shippingOptions: [{ id: 'standard', label: 'Free shipping', amountCents: 0 }],
      totals: { subtotal: 6000, discount: 600, shipping: 0, tax: 0, total: 5400 },
    });
  });

  it('refuses bad input with the reason', async () => {
    const product = await addProduct(t.db);
    const items = [{ productId: product.id, quantity: 1 }];
    const cases: Array<[unknown, number, string]> = [
      [{ items: [] }, 400, 'Your cart is empty.'],
      [{}, 400, 'Your cart is empty.'],
      [{ items: [{ productId: product.id, quantity: 0 }] }, 400, 'Quantity must be at least 1'],
      [{ items, address: { city: 'Austin', zip: '78701', country: 'US' } }, 400, 'Please complete shipping address'],
      [{ items, address: { ...austin, state: 'ZZ' } }, 400, 'Please choose a US state'],
      [{ items, address: { ...austin, zip: '7870' } }, 400, 'Please enter a valid ZIP code'],
      [{ items, address: { ...austin, country: 'CA' } }, 400, 'Country must be US'],
      [{ items: [{ productId: 999_999, quantity: 1 }] }, 400, 'Product 999999 no longer exists. Please remove it from your cart.'],
      [{ items, couponCode: 'NOPE' }, 404, 'Invalid coupon code'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await quote(payload);
      expect({ payload, status: res.statusCode, message: res.json().message }).toEqual({ payload, status, message });
    }
  });
});

describe('POST /api/express-checkout/orders', () => {
  it("places the order with the wallet's contact and address, holding its stock, and the simulator pays it", async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 5 });
    const res = await place(walletOrder([{ productId: product.id, quantity: 1 }]));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ amount: 2812, provider: 'simulated', totals: { subtotal: 2000, shipping: 599, tax: 213, total: 2812 } });
    expect(await orderRow(body.orderId)).toMatchObject({
      customerName: 'Jamie Rivera',
      customerEmail: 'jamie@example.com',
      phone: '+1 512 555 0100',
      street: '1 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      total: '28.12',
      paymentStatus: 'pending',
      providerPaymentId: body.paymentIntentId,
    });
    expect(await stockOf(t.db, product.id)).toBe(4);

    const paid = await payByWallet(body.paymentIntentId);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    expect(await orderRow(body.orderId)).toMatchObject({ paymentStatus: 'succeeded', status: 'processing' });
    expect(await stockOf(t.db, product.id)).toBe(4);
  });

  it('refuses a total the shopper did not approve, before anything is reserved', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 5 });
    const before = (await t.db.select().from(orders)).length;
    // the wallet showed Oregon's total, but the address it confirmed is in Texas
    const res = await place(walletOrder([{ productId: product.id, quantity: 1 }], { amount: 2599 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The total is now $28.12. Please review your order and pay again.' });
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect((await t.db.select().from(orders)).length).toBe(before);
  });

  it('refuses bad input with the reason', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 5 });
    const items = [{ productId: product.id, quantity: 1 }];
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ customerName: '' }, 400, 'Customer name and email are required'],
      [{ customerEmail: undefined }, 400, 'Customer name and email are required'],
      [{ customerEmail: 'not-an-email' }, 400, 'Please enter a valid email address'],
      [{ shippingAddress: austin }, 400, 'Please complete shipping address'],
      [{ shippingAddress: { street: '1 Main St', ...portland, country: 'MX' } }, 400, 'Country must be US'],
      [{ shippingOptionId: undefined }, 400, 'Please choose a shipping option'],
      [{ shippingOptionId: 'overnight' }, 400, 'This shipping method is not available for this address and cart. Please choose another.'],
      [{ amount: undefined }, 400, 'Amount must be a whole number of cents'],
      [{ amount: 27.63 }, 400, 'Amount must be a whole number of cents'],
      [{ items: [] }, 400, 'Your cart is empty.'],
      [{ items: [{ productId: product.id, quantity: 6 }], amount: 12_984 }, 409, `Only 5 left of ${product.name}`],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await place(walletOrder(items, overrides));
      expect({ overrides, status: res.statusCode, message: res.json().message }).toEqual({ overrides, status, message });
    }
    expect(await stockOf(t.db, product.id)).toBe(5);
  });

  it('uses the coupon once, like the card checkout', async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 5 });
    const coupon = await addCoupon(t.db, { code: 'ONEWALLET', type: 'fixed', amount: '5', usageLimit: 1 });
    // 15.00 + 5.99 + 1.72 tax (Texas taxes the shipping too)
    const first = await place(walletOrder([{ productId: product.id, quantity: 1 }], { couponCode: 'ONEWALLET', amount: 2271 }));
    expect(first.statusCode).toBe(200);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);
    const second = await place(walletOrder([{ productId: product.id, quantity: 1 }], { couponCode: 'ONEWALLET', amount: 2271 }));
    expect(second.statusCode).toBe(409);
    expect(await timesUsed(t.db, coupon.id)).toBe(1);
  });

  it("a repeated wallet payment for the same cart replaces the unpaid one; once paid, the cart's next is refused", async () => {
    const product = await addProduct(t.db, { price: '20.00', stock: 5 });
    const cartToken = 'wallet-cart-token-0001';
    const first = (await place(walletOrder([{ productId: product.id, quantity: 2 }], { cartToken, amount: 4976 }))).json();
    const second = (await place(walletOrder([{ productId: product.id, quantity: 2 }], { cartToken, amount: 4976 }))).json();
    expect((await orderRow(first.orderId)).paymentStatus).toBe('cancelled');
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect((await payByWallet(second.paymentIntentId)).json().status).toBe('succeeded');
    const third = await place(walletOrder([{ productId: product.id, quantity: 2 }], { cartToken, amount: 4976 }));
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Your earlier payment for this cart has already gone through. Please check your e-mail for the confirmation.');
    expect(await stockOf(t.db, product.id)).toBe(3);
  });
});

describe('the checkout quotas hold for wallets', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ CHECKOUT_OPEN_ORDERS_LIMIT: '2' });
    await configureShop(q.db);
  });
  afterAll(() => q.close());

  it('counts wallet orders with card checkouts: the third open one from the same address is a 429', async () => {
    const product = await addProduct(q.db, { price: '20.00', stock: 10 });
    const items = [{ productId: product.id, quantity: 1 }];
    const card = await q.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { customerName: 'Pat', customerEmail: 'pat@example.com', shippingAddress: { street: '1 Congress Ave', ...austin }, items },
    });
    expect(card.statusCode).toBe(200);
    const wallet = await q.app.inject({ method: 'POST', url: '/api/express-checkout/orders', payload: walletOrder(items) });
    expect(wallet.statusCode).toBe(200);
    const third = await q.app.inject({ method: 'POST', url: '/api/express-checkout/orders', payload: walletOrder(items) });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'You already have 2 checkouts waiting for payment. Finish one, or wait up to 30 minutes for them to expire, then try again.',
    );
    expect(await stockOf(q.db, product.id)).toBe(8);
  });
});
