import { describe, expect, it } from 'vitest';
import { CouponInput } from './admin-coupons.ts';
import { issueMessages } from './issue-messages.ts';

describe('CouponInput', () => {
  const valid = { code: 'summer10', type: 'percentage', amount: 10, usageLimit: 0, isActive: true };

  it('stores codes uppercase and dates as ISO', () => {
    expect(CouponInput.parse({ ...valid, validFrom: '2025-01-01', validTo: '2025-02-01' })).toMatchObject({
      code: 'SUMMER10',
      amount: '10.00',
      validFrom: '2025-01-01T00:00:00.000Z',
      validTo: '2025-02-01T00:00:00.000Z',
    });
  });

  it.each([
    [{ validFrom: 'soon' }, 'validFrom: Invalid date format for validFrom'],
    [{ validTo: 'later' }, 'validTo: Invalid date format for validTo'],
    [{ validTo: '2025-02-30' }, 'validTo: Invalid date format for validTo'],
    [{ validFrom: '2025-03-01', validTo: '2025-02-01' }, 'validTo: End date must be after start date'],
    [{ type: 'bogo' }, 'type: Type must be percentage or fixed'],
    [{ amount: -1 }, 'amount: Amount cannot be negative'],
    [{ amount: 101 }, 'amount: A percentage discount cannot exceed 100'],
    [{ usageLimit: 1.5 }, 'usageLimit: Usage limit must be a whole number'],
    [{ usageLimit: -1 }, 'usageLimit: Usage limit cannot be negative'],
  ])('rejects %o', (patch, message) => {
    expect(issueMessages(CouponInput.safeParse({ ...valid, ...patch }))).toContain(message);
  });

  it('allows a fixed amount above 100', () => {
    expect(CouponInput.parse({ ...valid, type: 'fixed', amount: '150' }).amount).toBe('150.00');
  });
});
