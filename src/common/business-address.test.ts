import { describe, expect, it } from 'vitest';
import { parseBusinessAddress } from './business-address.ts';

describe('parseBusinessAddress', () => {
  it('reads "street, city, state, zip", keeping commas inside the street', () => {
    expect(parseBusinessAddress('2401 E Cesar Chavez St, Austin, TX, 78702')).toEqual({
      street: '2401 E Cesar Chavez St',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      country: 'US',
    });
    expect(parseBusinessAddress('1 Main St, Suite 2, Portland, or, 97201')).toMatchObject({ street: '1 Main St, Suite 2', city: 'Portland', state: 'OR' });
  });

  it('is null with fewer than four parts or without a US state', () => {
    expect(parseBusinessAddress('Austin, TX 78702')).toBeNull();
    expect(parseBusinessAddress(null)).toBeNull();
    expect(parseBusinessAddress('1 Rue, Paris, FR, 75001')).toBeNull();
  });
});
