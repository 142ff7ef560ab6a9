import { describe, expect, it } from 'vitest';
import { formatMeasure, formatNumber, formatSpecValue } from './units.ts';

describe('formatMeasure', () => {
  it.each([
    [16, 16, 'mm', '16 mm (0.63 in)'],
    [13, 16, 'mm', '13-16 mm (0.51-0.63 in)'],
    [7.9, 8.3, 'oz', '7.9-8.3 oz (224-235 g)'],
    [8, 8, 'oz', '8 oz (227 g)'],
    [16.5, 16.5, 'in', '16.5 in (41.9 cm)'],
    [4.25, 4.25, 'in', '4.25 in (10.8 cm)'],
    [22, 22, 'ft', '22 ft (6.7 m)'],
    [115, 115, null, '115'],
    [110, 120, null, '110-120'],
  ] as const)('%s-%s %s reads "%s"', (min, max, unit, text) => {
    expect(formatMeasure(min, max, unit)).toBe(text);
  });

  it('shows one number when both ends round to the same text', () => {
    expect(formatMeasure(8.0001, 8.0002, 'oz')).toBe('8 oz (227 g)');
  });
});

describe('formatNumber', () => {
  it('drops trailing zeros and rounds', () => {
    expect(formatNumber(16.5)).toBe('16.5');
    expect(formatNumber(4.125)).toBe('4.125');
    expect(formatNumber(0.62992, 2)).toBe('0.63');
    expect(formatNumber(-0.0001, 2)).toBe('0');
  });
});

describe('formatSpecValue', () => {
  const empty = { min: null, max: null, choices: null, flag: null, text: null };
  it('formats each kind, and answers null for nothing to show', () => {
    expect(formatSpecValue({ kind: 'range', unit: 'oz' }, { ...empty, min: 7.9, max: 8.3 })).toBe('7.9-8.3 oz (224-235 g)');
    expect(formatSpecValue({ kind: 'number', unit: 'mm' }, { ...empty, min: 16 })).toBe('16 mm (0.63 in)');
    expect(formatSpecValue({ kind: 'number', unit: null }, empty)).toBeNull();
    expect(formatSpecValue({ kind: 'choice', unit: null }, { ...empty, choices: ['Elongated'] })).toBe('Elongated');
    expect(formatSpecValue({ kind: 'multi_choice', unit: null }, { ...empty, choices: ['Indoor', 'Outdoor'] })).toBe('Indoor, Outdoor');
    expect(formatSpecValue({ kind: 'choice', unit: null }, { ...empty, choices: [] })).toBeNull();
    expect(formatSpecValue({ kind: 'tristate', unit: null }, { ...empty, flag: true })).toBe('Yes');
    expect(formatSpecValue({ kind: 'tristate', unit: null }, { ...empty, flag: false })).toBe('No');
    expect(formatSpecValue({ kind: 'tristate', unit: null }, empty)).toBeNull();
    expect(formatSpecValue({ kind: 'text', unit: null }, { ...empty, text: '88% polyester' })).toBe('88% polyester');
    expect(formatSpecValue({ kind: 'text', unit: null }, { ...empty, text: '  ' })).toBeNull();
  });
});
