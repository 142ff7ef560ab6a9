import { describe, expect, it } from 'vitest';
import { trackingUrlFor } from './carriers.ts';

describe('trackingUrlFor', () => {
  it("points at each carrier's tracking page with the number escaped", () => {
    expect(trackingUrlFor('usps', '9400 1000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    expect(trackingUrlFor('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrlFor('fedex', '7712&x=1')).toBe('https://www.fedex.com/fedextrack/?trknbr=7712%26x%3D1');
    expect(trackingUrlFor('other', 'ABC')).toBeNull();
  });
});
