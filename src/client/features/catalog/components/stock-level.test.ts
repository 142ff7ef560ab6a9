import { describe, expect, it } from 'vitest';
import { cardStockLevel, lowStockThreshold, stockLevel } from './stock-level.ts';

describe('stock on the product page (the spec words)', () => {
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

  it("follows the owner's threshold", () => {
    expect(stockLevel(8, 10).label).toBe('Low Stock: 8');
  });
});

describe('stock on a card: never an exact count above the threshold', () => {
  it.each([
    [-1, 5, 'Sold out'],
    [0, 5, 'Sold out'],
    [null, 5, 'Sold out'],
    [1, 5, 'Only 1 left'],
    [3, 5, 'Only 3 left'],
    [5, 5, 'In stock'],
    [361, 5, 'In stock'],
    [8, 10, 'Only 8 left'],
    [1, 0, 'In stock'],
  ])('stock %s under threshold %s reads "%s"', (stock, threshold, label) => {
    expect(cardStockLevel(stock, threshold).label).toBe(label);
  });
});

describe("the owner's threshold", () => {
  it.each([
    ['10', 10],
    ['0', 0],
    [null, 5],
    ['', 5],
    ['-2', 5],
    ['2.5', 5],
  ])('setting %s is %s', (setting, threshold) => {
    expect(lowStockThreshold(setting)).toBe(threshold);
  });
});
