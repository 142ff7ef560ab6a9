import { describe, expect, it } from 'vitest';
import { aggregateRating } from './aggregate-rating.ts';

describe('aggregateRating', () => {
  it('is absent without a published review', () => {
    expect(aggregateRating({ ratingAverage: null, ratingCount: 0 })).toBeNull();
    expect(aggregateRating({ ratingAverage: 4, ratingCount: 0 })).toBeNull();
  });

  it('gives the average to one decimal and the count', () => {
    expect(aggregateRating({ ratingAverage: 4.67, ratingCount: 3 })).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.7',
      reviewCount: 3,
      bestRating: '5',
      worstRating: '1',
    });
  });
});
