import { describe, expect, it } from 'vitest';
import { ProductInput, ProductUpdateInput } from './admin-catalog.ts';
import { issueMessages } from './issue-messages.ts';

describe('ProductInput', () => {
  const valid = { name: 'Pro Paddle', price: '129.99', brandId: '3' };

  it('coerces multipart text and applies defaults', () => {
    expect(ProductInput.parse({ ...valid, stock: '12', isFeatured: 'true', sku: '', releaseDate: '2024-05-01T00:00:00.000Z' })).toEqual({
      ...valid,
      brandId: 3,
      stock: 12,
      isFeatured: true,
      sku: null,
      releaseDate: '2024-05-01T00:00:00.000Z',
      usapaStatus: 'not_stated',
    });
    expect(ProductInput.parse(valid)).toMatchObject({ stock: 0, isFeatured: false, usapaStatus: 'not_stated' });
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
    expect(issueMessages(ProductInput.safeParse({ ...valid, ...patch }))).toContain(message);
  });

  it('leaves absent fields out of an update', () => {
    expect(ProductUpdateInput.parse({ stock: '4' })).toEqual({ stock: 4 });
  });
});
