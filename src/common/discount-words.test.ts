import { describe, expect, it } from 'vitest';
import { AdminCoupon } from './schemas/admin-coupons.ts';
import { discountRuleWords, scopeWords } from './discount-words.ts';

const plain = AdminCoupon.parse({
  id: 1,
  kind: 'code',
  code: 'SAVE',
  title: '',
  type: 'percentage',
  amount: '12.50',
  validFrom: null,
  validTo: null,
  usageLimit: 0,
  timesUsed: 0,
  isActive: true,
  status: 'active',
  minSubtotal: null,
  minQuantity: 0,
  appliesTo: {},
  quantityBreaks: [],
  buyXGetY: null,
  perCustomerLimit: 0,
  combinesWithCodes: false,
  createdAt: '2026-11-01T00:00:00.000Z',
});

describe('a discount rule in words', () => {
  it('says what each kind takes off, and on what', () => {
    expect(discountRuleWords(plain)).toBe('Everything: 12.5 % off');
    expect(discountRuleWords({ ...plain, type: 'fixed', amount: '5.00', appliesTo: { productIds: [4, 9] }, scopeNames: { 'product:4': 'Club Ball' } })).toBe(
      'Club Ball or #9: $5.00 off',
    );
    expect(discountRuleWords({ ...plain, type: 'free_shipping', minSubtotal: '75.00' })).toBe('Free shipping; from $75.00');
    expect(discountRuleWords({ ...plain, type: 'free_shipping', appliesTo: { brandIds: [2] }, scopeNames: { 'brand:2': 'Dinkwell' } })).toBe(
      'Free shipping with Dinkwell',
    );
  });

  it('lists breaks from the smallest and says the conditions and limits', () => {
    const breaks = {
      ...plain,
      kind: 'automatic' as const,
      appliesTo: { productTypeIds: [3] },
      scopeNames: { 'type:3': 'Balls' },
      quantityBreaks: [
        { minQuantity: 100, percent: 20 },
        { minQuantity: 12, percent: 10 },
        { minQuantity: 36, percent: 15 },
      ],
      combinesWithCodes: true,
      minQuantity: 2,
    };
    expect(discountRuleWords(breaks)).toBe('Balls: 12+ 10 % off, 36+ 15 %, 100+ 20 %; 2+ items; combines with a code');
    expect(discountRuleWords({ ...plain, perCustomerLimit: 3 })).toBe('Everything: 12.5 % off; 3 per customer');
    const cover = { buyQuantity: 1, buy: { productTypeIds: [1] }, getQuantity: 1, get: { productIds: [7] }, percent: 50 };
    expect(discountRuleWords({ ...plain, buyXGetY: cover, scopeNames: { 'type:1': 'Paddles', 'product:7': 'Neoprene Paddle Cover' } })).toBe(
      'Buy 1 Paddles, get 1 Neoprene Paddle Cover 50 % off',
    );
  });

  it('reads brand and type as one phrase, since a line must match both', () => {
    expect(scopeWords({ brandIds: [1], productTypeIds: [2] }, { 'brand:1': 'Dinkwell', 'type:2': 'Balls' })).toBe('Dinkwell Balls');
  });
});
