import { describe, expect, it } from 'vitest';
import { committedQuantity, liveQuantity } from './quantity-draft.ts';

describe('quantity drafts', () => {
  it('commits typed text clamped to 1..max', () => {
    expect(committedQuantity('3', 1, 10)).toBe(3);
    expect(committedQuantity('25', 1, 10)).toBe(10);
    expect(committedQuantity('0', 4, 10)).toBe(1);
    expect(committedQuantity('-2', 4, 10)).toBe(1);
    expect(committedQuantity('2.7', 1, 10)).toBe(2);
    expect(committedQuantity('5', 1, 0)).toBe(1);
  });

  it('keeps the current quantity when the field was emptied or holds no number', () => {
    expect(committedQuantity('', 4, 10)).toBe(4);
    expect(committedQuantity('  ', 4, 10)).toBe(4);
    expect(committedQuantity('e', 4, 10)).toBe(4);
    expect(committedQuantity('', 12, 10)).toBe(10);
  });

  it('applies only drafts that are already valid while typing', () => {
    expect(liveQuantity('3', 10)).toBe(3);
    expect(liveQuantity('10', 10)).toBe(10);
    expect(liveQuantity('', 10)).toBeNull();
    expect(liveQuantity('0', 10)).toBeNull();
    expect(liveQuantity('11', 10)).toBeNull();
    expect(liveQuantity('1.5', 10)).toBeNull();
  });
});
