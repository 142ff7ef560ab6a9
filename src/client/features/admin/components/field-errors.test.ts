import { describe, expect, it } from 'vitest';
import { BrandInput } from '#common/schemas/admin-catalog.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { fieldErrorsOf, serverFieldErrors } from './field-errors.ts';

describe('field errors', () => {
  it('keeps the first message of each field', () => {
    const result = BrandInput.safeParse({ name: '  ' });
    expect(fieldErrorsOf(result.error!)).toEqual({ name: 'Name is required' });
  });

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
