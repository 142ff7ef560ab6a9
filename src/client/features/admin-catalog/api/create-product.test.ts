import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { productErrorText } from './create-product.ts';

describe('productErrorText', () => {
  it('"Failed to create product" lists each issue path and message', () => {
    const issues = [
      { path: 'price', message: 'Price is required' },
      { path: 'stock', message: 'Stock cannot be negative' },
    ];
    expect(productErrorText(new ApiError(400, 'Invalid product', null, issues))).toBe('price: Price is required; stock: Stock cannot be negative');
    expect(productErrorText(new ApiError(409, 'A product with SKU "X" already exists'))).toBe('A product with SKU "X" already exists');
  });
});
