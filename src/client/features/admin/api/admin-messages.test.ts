import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { productErrorText } from './create-product.ts';
import { firstIssueText } from './create-coupon.ts';
import { trackingPayload } from './update-order-tracking.ts';

describe('admin failure texts', () => {
  const issues = [
    { path: 'price', message: 'Price is required' },
    { path: 'stock', message: 'Stock cannot be negative' },
  ];

  it('"Failed to create product" lists each issue path and message', () => {
    expect(productErrorText(new ApiError(400, 'Invalid product', null, issues))).toBe('price: Price is required; stock: Stock cannot be negative');
    expect(productErrorText(new ApiError(409, 'A product with SKU "X" already exists'))).toBe('A product with SKU "X" already exists');
  });

  it('"Failed to create coupon" shows the first issue', () => {
    expect(firstIssueText(new ApiError(400, 'Invalid coupon', null, issues))).toBe('Price is required');
    expect(firstIssueText(new Error('offline'))).toBe('offline');
  });
});

describe('trackingPayload', () => {
  it('trims both values and leaves an empty URL out', () => {
    expect(trackingPayload('  1Z999  ', '   ')).toEqual({ trackingNumber: '1Z999' });
    expect(trackingPayload('1Z999', ' https://track.example/1Z999 ')).toEqual({ trackingNumber: '1Z999', trackingUrl: 'https://track.example/1Z999' });
  });
});
