import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addProduct, checkoutBody, configureShop, stockOf } from '#server/test/checkout-fixtures.ts';

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  productId = (await addProduct(t.db, { stock: 10 })).id;
});
afterAll(() => t.close());

const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: payload as object });
const line = (quantity: unknown) => [{ productId, quantity }];

describe('POST /api/create-payment-intent input', () => {
  it.each([
    ['missing name', { customerName: undefined }, 'Customer name and email are required'],
    ['blank name', { customerName: '   ' }, 'Customer name and email are required'],
    ['missing email', { customerEmail: undefined }, 'Customer name and email are required'],
    ['bad email', { customerEmail: 'pat@example' }, 'Please enter a valid email address'],
    ['email with spaces', { customerEmail: 'pat @example.com' }, 'Please enter a valid email address'],
    ['missing street', { shippingAddress: { city: 'Austin', state: 'TX', zip: '78701' } }, 'Please complete shipping address'],
    ['unknown state', { shippingAddress: { street: '1 A St', city: 'Austin', state: 'XX', zip: '78701' } }, 'Please choose a US state'],
    ['bad zip', { shippingAddress: { street: '1 A St', city: 'Austin', state: 'TX', zip: '7870' } }, 'Please enter a valid ZIP code'],
    ['other country', { shippingAddress: { street: '1 A St', city: 'Austin', state: 'TX', zip: '78701', country: 'MX' } }, 'Country must be US or CA'],
    ['empty cart', { items: [] }, 'Your cart is empty.'],
    ['no items', { items: undefined }, 'Your cart is empty.'],
    ['negative amount', { amount: -5 }, 'Amount must be a whole number of cents'],
    ['fractional amount', { amount: 12.5 }, 'Amount must be a whole number of cents'],
  ])('refuses %s with the exact message', async (_case, overrides, message) => {
    const res = await create(checkoutBody(line(1), overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues.length).toBeGreaterThan(0);
  });

  it.each([
    ['zero', 0, 'Quantity must be at least 1'],
    ['negative', -1, 'Quantity must be at least 1'],
    ['fractional', 1.5, 'Quantity must be a whole number'],
    ['huge', 1_000_000, 'Quantity must be at most 100'],
    ['just above the line limit', 101, 'Quantity must be at most 100'],
    ['text', 'two', 'Quantity must be a whole number'],
    ['infinite-ish', 1e308, 'Quantity must be a whole number'],
  ])('refuses a %s quantity', async (_case, quantity, message) => {
    const res = await create(checkoutBody(line(quantity)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses bad product ids and too many lines', async () => {
    for (const id of [0, -3, 1.5, 'abc', null]) {
      const res = await create(checkoutBody([{ productId: id, quantity: 1 }]));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Product id must be a positive integer');
    }
    const many = Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, quantity: 1 }));
    const res = await create(checkoutBody(many));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('At most 50 lines per order');
  });

  it('answers malformed bodies with 400, never 500, and reserves nothing', async () => {
    for (const payload of ['not json', '[]', 'null', '{"items": "x"}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: JSON.stringify({ customerName: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(await stockOf(t.db, productId)).toBe(10);
  });
});
