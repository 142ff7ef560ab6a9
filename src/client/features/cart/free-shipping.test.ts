import { describe, expect, it } from 'vitest';
import { freeShippingProgress } from './free-shipping.ts';

describe('the free-shipping progress', () => {
  it('says how much is missing and how far along the cart is', () => {
    expect(freeShippingProgress(3799, 599, 5000)).toEqual({ remainingCents: 1201, percent: 75 });
    // a cent short is not done
    expect(freeShippingProgress(4999, 599, 5000)).toEqual({ remainingCents: 1, percent: 99 });
  });

  it('is done at the threshold and above', () => {
    expect(freeShippingProgress(5000, 599, 5000)).toEqual({ remainingCents: 0, percent: 100 });
    expect(freeShippingProgress(12000, 599, 5000)).toEqual({ remainingCents: 0, percent: 100 });
  });

  it('shows nothing when the shop has no threshold or ships free anyway', () => {
    expect(freeShippingProgress(1000, 599, null)).toBeNull();
    expect(freeShippingProgress(1000, null, 5000)).toBeNull();
    expect(freeShippingProgress(1000, 0, 5000)).toBeNull();
    expect(freeShippingProgress(1000, 599, 0)).toBeNull();
  });
});
