import { describe, expect, it } from 'vitest';
import type { ShippingProfileView } from './schemas/shipping.ts';
import { clockTime, deliveryLine } from './delivery-line.ts';
import { deliveryPromise } from './delivery-promise.ts';

const method = (cutoffTime: string | null, freeOverCents: number | null) => ({
  id: 1,
  zoneId: 1,
  name: 'Ground',
  kind: 'delivery' as const,
  minBusinessDays: 2,
  maxBusinessDays: 4,
  cutoffTime,
  rate: { basis: 'flat' as const, priceCents: 799, freeOverCents },
  active: true,
  position: 0,
});
const profile = (cutoffTime: string | null, freeOverCents: number | null): ShippingProfileView => ({
  timeZone: 'America/Chicago',
  zones: [{ id: 1, name: 'US', usStates: ['TX'], caProvinces: [], methods: [method(cutoffTime, freeOverCents)] }],
});
const builtIn = { shippingCostCents: 599, freeShippingThresholdCents: 5000 };
// Wednesday 2026-11-25 in Chicago (UTC-6)
const wednesdayAt = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00-06:00`);

describe('the delivery line', () => {
  it('promises dispatch today before the cut-off, in the shop time zone', () => {
    const promise = deliveryPromise(profile('14:00', 5000), builtIn, wednesdayAt('13:59'));
    expect(deliveryLine(promise)).toBe('Free shipping over $50 · order by 2 pm for dispatch today');
  });

  it('says tomorrow after the cut-off, and Monday from Friday evening or the weekend', () => {
    expect(deliveryLine(deliveryPromise(profile('14:00', 5000), builtIn, wednesdayAt('14:00')))).toBe(
      'Free shipping over $50 · order now for dispatch tomorrow',
    );
    expect(deliveryPromise(profile('14:00', 5000), builtIn, new Date('2026-11-27T15:00:00-06:00')).dispatch).toBe('Monday');
    expect(deliveryPromise(profile('14:00', 5000), builtIn, new Date('2026-11-28T09:00:00-06:00')).dispatch).toBe('Monday');
    // 23:30 in Chicago is already Thursday in UTC: the shop's day counts
    expect(deliveryPromise(profile('14:00', 5000), builtIn, wednesdayAt('23:30')).dispatch).toBe('tomorrow');
  });

  it('leaves out what the shop does not offer', () => {
    expect(deliveryLine(deliveryPromise(profile(null, 5000), builtIn, wednesdayAt('10:00')))).toBe('Free shipping over $50 · delivery in 2–4 business days');
    expect(deliveryLine(deliveryPromise(profile('09:30', null), builtIn, wednesdayAt('08:00')))).toBe('Order by 9:30 am for dispatch today');
  });

  it('reads the site settings without zones', () => {
    const none: ShippingProfileView = { timeZone: 'UTC', zones: [] };
    expect(deliveryLine(deliveryPromise(none, builtIn, wednesdayAt('10:00')))).toBe('Free shipping over $50 · delivery in 3–5 business days');
    expect(deliveryLine(deliveryPromise(none, { shippingCostCents: null, freeShippingThresholdCents: 5000 }, wednesdayAt('10:00')))).toBe(
      'Free shipping · delivery in 3–5 business days',
    );
    expect(deliveryLine(deliveryPromise(none, { shippingCostCents: 599, freeShippingThresholdCents: 4950 }, wednesdayAt('10:00')))).toBe(
      'Free shipping over $49.50 · delivery in 3–5 business days',
    );
  });

  it('words clock times', () => {
    expect(['00:00', '09:05', '12:00', '14:00', '23:30'].map(clockTime)).toEqual(['12 am', '9:05 am', '12 pm', '2 pm', '11:30 pm']);
  });
});
