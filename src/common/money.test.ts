import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents, formatPrice, toCents } from './money.ts';

describe('money', () => {
  it('converts decimal strings and numbers to cents without float drift', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('1.005')).toBe(101);
    expect(toCents(129)).toBe(12900);
  });

  it('gives NaN for what is not an amount', () => {
    for (const bad of ['', 'abc', null, undefined, Number.POSITIVE_INFINITY]) expect(toCents(bad)).toBeNaN();
  });

  it('formats cents as a 2-decimal string', () => {
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(129900)).toBe('1299.00');
    expect(centsToDecimal(-250)).toBe('-2.50');
  });

  it('shows prices with $ and 2 decimals, 0.00 for an invalid price', () => {
    expect(formatPrice('89.5')).toBe('$89.50');
    expect(formatPrice('oops')).toBe('$0.00');
    expect(formatPrice(undefined)).toBe('$0.00');
    expect(formatCents(3838)).toBe('$38.38');
  });

  it('groups thousands and keeps the sign in front of the $', () => {
    expect(formatPrice('5219.42')).toBe('$5,219.42');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-250)).toBe('-$2.50');
    expect(formatCents(-0.4)).toBe('$0.00');
    expect(formatCents(Number.NaN)).toBe('$0.00');
  });
});
