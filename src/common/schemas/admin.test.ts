import { describe, expect, it } from 'vitest';
import { CouponInput, ProductInput, ProductUpdateInput, SiteSettingsInput, TrackingInput } from './admin.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('ProductInput (spec/admin.md §5)', () => {
  const valid = { name: 'Pro Paddle', price: '129.99', brandId: '3' };

  it('coerces multipart text and applies defaults', () => {
    expect(ProductInput.parse({ ...valid, stock: '12', isFeatured: 'true', sku: '', releaseDate: '2024-05-01T00:00:00.000Z' })).toEqual({
      ...valid,
      brandId: 3,
      stock: 12,
      isFeatured: true,
      sku: null,
      releaseDate: '2024-05-01T00:00:00.000Z',
    });
    expect(ProductInput.parse(valid)).toMatchObject({ stock: 0, isFeatured: false });
  });

  it('accepts the price as text or number and sends it as text', () => {
    expect(ProductInput.parse({ ...valid, price: 99.5 }).price).toBe('99.50');
    expect(ProductInput.parse({ ...valid, price: ' 7 ' }).price).toBe('7.00');
  });

  it.each([
    [{ brandId: '' }, 'brandId: Brand selection is required'],
    [{ brandId: undefined }, 'brandId: Brand selection is required'],
    [{ brandId: '0' }, 'brandId: Brand selection is required'],
    [{ brandId: 'abc' }, 'brandId: Brand selection is required'],
    [{ price: '-1' }, 'price: Price cannot be negative'],
    [{ price: '1.999' }, 'price: Price can have at most 2 decimal places'],
    [{ price: 'ten' }, 'price: Price must be a number'],
    [{ price: '' }, 'price: Price is required'],
    [{ stock: '1.5' }, 'stock: Stock must be a whole number'],
    [{ stock: '-1' }, 'stock: Stock cannot be negative'],
    [{ name: '  ' }, 'name: Name is required'],
    [{ releaseDate: 'next week' }, 'releaseDate: Release date must be an ISO date-time'],
    [{ releaseDate: '2024-02-31' }, 'releaseDate: Release date must be an ISO date-time'],
    [{ price: '1e21' }, 'price: Price must be at most 99999999.99'],
    [{ isFeatured: 'yes' }, 'isFeatured: isFeatured must be true or false'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl: Image URL must be an uploaded image or an http(s) URL'],
  ])('rejects %o', (patch, message) => {
    expect(messages(ProductInput.safeParse({ ...valid, ...patch }))).toContain(message);
  });

  it('leaves absent fields out of an update', () => {
    expect(ProductUpdateInput.parse({ stock: '4' })).toEqual({ stock: 4 });
  });
});

describe('SiteSettingsInput', () => {
  it('treats empty strings as missing', () => {
    expect(SiteSettingsInput.parse({ siteTitle: '', taxRate: '', heroTitle: 'Play' })).toEqual({ heroTitle: 'Play' });
  });

  it.each([
    [{ taxRate: '101' }, 'taxRate: Tax rate must be between 0 and 100'],
    [{ taxRate: '-1' }, 'taxRate: Tax rate cannot be negative'],
    [{ shippingCost: '-0.01' }, 'shippingCost: Shipping cost cannot be negative'],
    [{ freeShippingThreshold: 'x' }, 'freeShippingThreshold: Free shipping threshold must be a number'],
    [{ primaryColor: 'blue' }, 'primaryColor: Primary color must be a color like #1e40af'],
    [{ fulfillmentEmail: 'nope' }, 'fulfillmentEmail: Fulfillment email must be a valid email address'],
  ])('rejects %o', (input, message) => {
    expect(messages(SiteSettingsInput.safeParse(input))).toContain(message);
  });
});

describe('CouponInput', () => {
  const valid = { code: 'summer10', type: 'percentage', amount: 10, usageLimit: 0, isActive: true };

  it('stores codes uppercase and dates as ISO', () => {
    expect(CouponInput.parse({ ...valid, validFrom: '2025-01-01', validTo: '2025-02-01' })).toMatchObject({
      code: 'SUMMER10',
      amount: '10.00',
      validFrom: '2025-01-01T00:00:00.000Z',
      validTo: '2025-02-01T00:00:00.000Z',
    });
  });

  it.each([
    [{ validFrom: 'soon' }, 'validFrom: Invalid date format for validFrom'],
    [{ validTo: 'later' }, 'validTo: Invalid date format for validTo'],
    [{ validTo: '2025-02-30' }, 'validTo: Invalid date format for validTo'],
    [{ validFrom: '2025-03-01', validTo: '2025-02-01' }, 'validTo: End date must be after start date'],
    [{ type: 'bogo' }, 'type: Type must be percentage or fixed'],
    [{ amount: -1 }, 'amount: Amount cannot be negative'],
    [{ amount: 101 }, 'amount: A percentage discount cannot exceed 100'],
    [{ usageLimit: 1.5 }, 'usageLimit: Usage limit must be a whole number'],
    [{ usageLimit: -1 }, 'usageLimit: Usage limit cannot be negative'],
  ])('rejects %o', (patch, message) => {
    expect(messages(CouponInput.safeParse({ ...valid, ...patch }))).toContain(message);
  });

  it('allows a fixed amount above 100', () => {
    expect(CouponInput.parse({ ...valid, type: 'fixed', amount: '150' }).amount).toBe('150.00');
  });
});

describe('TrackingInput', () => {
  it('trims and omits an empty URL', () => {
    expect(TrackingInput.parse({ trackingNumber: ' 1Z999 ', trackingUrl: '  ' })).toEqual({ trackingNumber: '1Z999' });
  });

  it.each([
    [{ trackingNumber: '   ' }, 'trackingNumber: Tracking number is required'],
    [{}, 'trackingNumber: Tracking number is required'],
    [{ trackingNumber: 'X', trackingUrl: 'ftp://x' }, 'trackingUrl: Tracking URL must be an http(s) URL'],
  ])('rejects %o', (input, message) => {
    expect(messages(TrackingInput.safeParse(input))).toContain(message);
  });
});
