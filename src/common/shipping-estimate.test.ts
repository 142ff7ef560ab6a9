import { describe, expect, it } from 'vitest';
import { addBusinessDays, BUILT_IN_STANDARD, deliveryEstimate, standardDeliveryEstimate } from './shipping-estimate.ts';

describe('the standard delivery estimate', () => {
  it('counts business days, skipping the weekend', () => {
    // Thursday 26 Nov 2026
    expect(addBusinessDays(new Date('2026-11-26T15:00:00Z'), 1)).toBe('2026-11-27');
    expect(addBusinessDays(new Date('2026-11-26T15:00:00Z'), 2)).toBe('2026-11-30');
    // an order placed on a Saturday starts counting on Monday
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1)).toBe('2026-11-30');
  });

  it('answers 3 to 5 business days after the order', () => {
    expect(standardDeliveryEstimate(new Date('2026-11-28T10:00:00Z'))).toEqual({ earliest: '2026-12-02', latest: '2026-12-04' });
    expect(standardDeliveryEstimate(new Date('2026-11-25T23:59:00Z'))).toEqual({ earliest: '2026-11-30', latest: '2026-12-02' });
  });
});

describe("a method's delivery estimate in the shop's time zone", () => {
  const expedited = { minBusinessDays: 1, maxBusinessDays: 2, cutoffTime: '14:00' };

  it('counts from today before the cut-off and from the next business day after it', () => {
    // Tuesday 1 Dec 2026, 13:30 in Chicago (19:30 UTC): before 14:00
    expect(deliveryEstimate(new Date('2026-12-01T19:30:00Z'), expedited, 'America/Chicago')).toEqual({ earliest: '2026-12-02', latest: '2026-12-03' });
    // 14:30 in Chicago: missed, it leaves Wednesday
    expect(deliveryEstimate(new Date('2026-12-01T20:30:00Z'), expedited, 'America/Chicago')).toEqual({ earliest: '2026-12-03', latest: '2026-12-04' });
    // Friday 23:30 in Chicago is already Saturday in UTC: the shop's own day decides
    expect(deliveryEstimate(new Date('2026-12-05T05:30:00Z'), expedited, 'America/Chicago')).toEqual({ earliest: '2026-12-08', latest: '2026-12-09' });
    // a Saturday order leaves Monday
    expect(deliveryEstimate(new Date('2026-12-05T16:00:00Z'), expedited, 'America/Chicago')).toEqual({ earliest: '2026-12-08', latest: '2026-12-09' });
  });

  it('without a cut-off counts from the order day, as the built-in Standard shipping', () => {
    expect(deliveryEstimate(new Date('2026-11-28T10:00:00Z'), BUILT_IN_STANDARD, 'UTC')).toEqual({ earliest: '2026-12-02', latest: '2026-12-04' });
  });
});
