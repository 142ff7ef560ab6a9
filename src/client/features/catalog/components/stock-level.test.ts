import { describe, expect, it } from 'vitest';
import { stockLevel } from './stock-level.ts';

describe('stock badge', () => {
  it.each([
    [-1, 'Out of Stock'],
    [0, 'Out of Stock'],
    [null, 'Out of Stock'],
    [1, 'Low Stock: 1'],
    [4, 'Low Stock: 4'],
    [5, '5 in Stock'],
    [120, '120 in Stock'],
  ])('stock %s reads "%s"', (stock, label) => {
    expect(stockLevel(stock).label).toBe(label);
  });
});
