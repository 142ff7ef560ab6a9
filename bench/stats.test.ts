import { describe, expect, it } from 'vitest';
import { median, percentile, round } from './stats.ts';

describe('percentile', () => {
  it('uses the nearest rank, whatever the input order', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
  });

  it('p99 of 1,000 answers is the 990th smallest', () => {
    const values = Array.from({ length: 1000 }, (_, index) => 1000 - index);
    expect(percentile(values, 99)).toBe(990);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([90, 70, 80])).toBe(80);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('round', () => {
  it('rounds to the given digits', () => {
    expect(round(0.12345, 3)).toBe(0.123);
    expect(round(99.5)).toBe(100);
  });
});
