import { describe, expect, it } from 'vitest';
import { cardDigits, formatCardNumber, formatExpiry, parseExpiry } from './card-format.ts';

describe('card number', () => {
  it('groups digits by four and drops the rest', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('abc')).toBe('');
    expect(cardDigits(formatCardNumber('1'.repeat(25)))).toHaveLength(19);
  });
});

describe('expiry', () => {
  it('writes MM/YY as it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('reads a month and a two-digit year', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry('1/30')).toEqual({ expMonth: 1, expYear: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('12/3')).toBeNull();
  });
});
