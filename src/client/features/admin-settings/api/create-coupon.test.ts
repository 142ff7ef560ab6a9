import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { firstIssueText } from './create-coupon.ts';

describe('firstIssueText', () => {
  it('"Failed to create coupon" shows the first issue', () => {
    const issues = [
      { path: 'price', message: 'Price is required' },
      { path: 'stock', message: 'Stock cannot be negative' },
    ];
    expect(firstIssueText(new ApiError(400, 'Invalid coupon', null, issues))).toBe('Price is required');
    expect(firstIssueText(new Error('offline'))).toBe('offline');
  });
});
