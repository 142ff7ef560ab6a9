import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice } from '#common/money.ts';
import { formatDate } from './format.ts';

describe('price display', () => {
  it('shows a dollar sign and 2 decimals; an invalid price shows 0.00', () => {
    expect(formatPrice('129.99')).toBe('$129.99');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice('12')).toBe('$12.00');
    expect(formatPrice('abc')).toBe('$0.00');
    expect(formatPrice(null)).toBe('$0.00');
    expect(formatCents(5997)).toBe('$59.97');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as that day in every time zone', () => {
    expect(formatDate('2025-08-25')).toBe('August 25, 2025');
    expect(formatDate('2025-08-25T00:00:00.000Z')).toBe('August 25, 2025');
    expect(formatDate('2025-08-25', 'medium')).toBe('Aug 25, 2025');
  });

  it('gives an empty text for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
