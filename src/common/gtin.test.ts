import { describe, expect, it } from 'vitest';
import { isValidGtin } from './gtin.ts';

describe('isValidGtin', () => {
  it('takes GTIN-8, UPC-A, EAN-13 and GTIN-14 with their check digit', () => {
    for (const gtin of ['96385074', '036000291452', '4006381333931', '10036000291459', '00036000291452']) expect(isValidGtin(gtin), gtin).toBe(true);
  });
  it('refuses a wrong check digit, other lengths and anything but digits', () => {
    for (const gtin of [
      '96385075',
      '036000291453',
      '4006381333932',
      '10036000291458',
      '1234567',
      '12345678901',
      '123456789012345',
      '03600029145X',
      '',
      ' 036000291452',
    ])
      expect(isValidGtin(gtin), gtin).toBe(false);
  });
});
