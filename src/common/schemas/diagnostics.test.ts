import { describe, expect, it } from 'vitest';
import { defaultTestOrderValues, TestOrderEmailInput, TestPaymentInput, testOrderSubtotal, testOrderTotal } from './diagnostics.ts';

// Every rule and message of the test order e-mail form, and the payment test amount.

const valid = (overrides: Record<string, unknown> = {}) => ({ ...defaultTestOrderValues('casey@example.com'), ...overrides });

function messages(value: unknown): Array<{ path: string; message: string }> {
  const result = TestOrderEmailInput.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('TestOrderEmailInput', () => {
  it('accepts the defaults (one item at 29.99, tax 2.40, shipping 5.99, total 38.38, shipped, US)', () => {
    const parsed = TestOrderEmailInput.parse(valid());
    expect(parsed).toMatchObject({ orderStatus: 'shipped', total: 38.38, address: { country: 'US' }, items: [{ price: 29.99, quantity: 1 }] });
  });

  it('defaults the country to US and allows only US, CA, UK, AU', () => {
    const { country: _country, ...address } = valid().address;
    expect(TestOrderEmailInput.parse(valid({ address })).address.country).toBe('US');
    for (const country of ['CA', 'UK', 'AU']) expect(messages(valid({ address: { ...address, country } }))).toEqual([]);
    expect(messages(valid({ address: { ...address, country: 'FR' } }))).toEqual([
      { path: 'address.country', message: 'Country must be one of US, CA, UK, AU' },
    ]);
  });

  it.each([
    ['customerName', '', 'Customer name is required'],
    ['customerName', '   ', 'Customer name is required'],
    ['customerName', undefined, 'Customer name is required'],
    ['customerEmail', 'not-an-email', 'Valid email is required'],
    ['customerEmail', '', 'Valid email is required'],
    ['customerEmail', undefined, 'Valid email is required'],
  ])('%s = %j gives "%s"', (field, value, message) => {
    expect(messages(valid({ [field]: value }))).toEqual([{ path: field, message }]);
  });

  it('keeps phone, tracking, coupon code optional', () => {
    const { phone: _p, trackingNumber: _t, trackingUrl: _u, couponCode: _c, couponDiscount: _d, ...rest } = valid();
    expect(messages(rest)).toEqual([]);
    expect(messages(valid({ trackingUrl: 'not a url' }))).toEqual([{ path: 'trackingUrl', message: 'Tracking URL must be a valid http(s) URL' }]);
  });

  it.each([
    ['street', 'Street address is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['zipCode', 'ZIP code is required'],
  ])('address.%s empty gives "%s"', (field, message) => {
    expect(messages(valid({ address: { ...valid().address, [field]: '' } }))).toEqual([{ path: `address.${field}`, message }]);
  });

  it('needs at least one item', () => {
    expect(messages(valid({ items: [], subtotal: 0, total: 8.39 }))).toEqual([{ path: 'items', message: 'At least one item is required' }]);
    expect(messages(valid({ items: undefined }))).toEqual([{ path: 'items', message: 'At least one item is required' }]);
  });

  it.each([
    [{ quantity: 0 }, 'items.0.quantity', 'Quantity must be at least 1'],
    [{ quantity: -1 }, 'items.0.quantity', 'Quantity must be at least 1'],
    [{ quantity: Number.NaN }, 'items.0.quantity', 'Quantity must be at least 1'],
    [{ price: 0 }, 'items.0.price', 'Price must be greater than 0'],
    [{ price: Number.NaN }, 'items.0.price', 'Price must be greater than 0'],
    [{ customName: '', productId: null }, 'items.0.customName', 'Choose a product or enter an item name'],
  ])('item %j gives "%s: %s"', (change, path, message) => {
    const item = { ...valid().items[0]!, ...change };
    expect(messages(valid({ items: [item] }))).toEqual([{ path, message }]);
  });

  it('takes an item by product id instead of a name', () => {
    expect(messages(valid({ items: [{ productId: 7, quantity: 1, price: 29.99 }] }))).toEqual([]);
  });

  it('allows only the five statuses, spelled as the form spells them', () => {
    for (const orderStatus of ['pending', 'processing', 'shipped', 'delivered', 'canceled']) expect(messages(valid({ orderStatus }))).toEqual([]);
    expect(messages(valid({ orderStatus: 'cancelled' }))).toEqual([
      { path: 'orderStatus', message: 'Status must be one of pending, processing, shipped, delivered, canceled' },
    ]);
  });

  it.each([
    ['subtotal', -1, 'Subtotal must be greater than or equal to 0'],
    ['tax', -0.01, 'Tax must be greater than or equal to 0'],
    ['shipping', -5, 'Shipping must be greater than or equal to 0'],
    ['total', 0, 'Total must be greater than 0'],
    ['tax', Number.NaN, 'Tax must be greater than or equal to 0'],
    ['couponDiscount', 'ten', 'Discount must be a number'],
  ])('%s = %j gives "%s"', (field, value, message) => {
    expect(messages(valid({ [field]: value }))).toEqual([{ path: field, message }]);
  });

  it('refuses a subtotal or total that does not add up', () => {
    expect(messages(valid({ subtotal: 30 }))).toEqual([{ path: 'subtotal', message: "Subtotal must equal the items' sum (29.99)" }]);
    expect(messages(valid({ total: 40 }))).toEqual([{ path: 'total', message: 'Total must equal subtotal minus discount plus tax and shipping (38.38)' }]);
  });
});

describe('test order totals', () => {
  it('subtotal is the sum of price x quantity', () => {
    expect(testOrderSubtotal([{ price: 29.99, quantity: 1 }])).toBe(29.99);
    expect(
      testOrderSubtotal([
        { price: 0.1, quantity: 3 },
        { price: 19.99, quantity: 2 },
      ]),
    ).toBe(40.28);
    expect(testOrderSubtotal([])).toBe(0);
  });

  it('total is max(0, subtotal - discount) + tax + shipping, rounded to 2 decimals', () => {
    expect(testOrderTotal({ subtotal: 29.99, couponDiscount: 0, tax: 2.4, shipping: 5.99 })).toBe(38.38);
    expect(testOrderTotal({ subtotal: 29.99, couponDiscount: 50, tax: 2.4, shipping: 5.99 })).toBe(8.39);
    expect(testOrderTotal({ subtotal: 0.1, couponDiscount: null, tax: 0.2, shipping: 0 })).toBe(0.3);
  });
});

describe('TestPaymentInput', () => {
  it('takes a number or numeric text of at least 0.01 in whole cents', () => {
    expect(TestPaymentInput.parse({ amount: 5.49 })).toEqual({ amount: 5.49 });
    expect(TestPaymentInput.parse({ amount: '0.01' })).toEqual({ amount: 0.01 });
    expect(TestPaymentInput.safeParse({ amount: 0 }).error?.issues[0]?.message).toBe('Amount must be at least 0.01');
    expect(TestPaymentInput.safeParse({ amount: 1.005 }).error?.issues[0]?.message).toBe('Amount must be in whole cents');
  });
});

describe('TestPaymentInput', () => {
  it('reads plain decimal text and refuses other ways of writing numbers', () => {
    expect(TestPaymentInput.parse({ amount: '5.49' }).amount).toBe(5.49);
    expect(TestPaymentInput.parse({ amount: 12 }).amount).toBe(12);
    for (const amount of ['0x10', '1e3', ' ', '+5', 'five']) {
      expect(TestPaymentInput.safeParse({ amount }).success, amount).toBe(false);
    }
  });
});
