import { describe, expect, it } from 'vitest';
import { addBusinessDays, standardDeliveryEstimate } from './shipping-estimate.ts';

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
