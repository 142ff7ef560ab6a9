import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { serverFieldErrors } from '#client/lib/field-errors.ts';

describe('field errors', () => {
  it('places the server issues under their fields', () => {
    const error = new ApiError(400, 'Invalid product', null, [
      { path: 'price', message: 'Price is required' },
      { path: 'price', message: 'second' },
      { path: 'brandId', message: 'Brand selection is required' },
    ]);
    expect(serverFieldErrors(error)).toEqual({ price: 'Price is required', brandId: 'Brand selection is required' });
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
  });
});
