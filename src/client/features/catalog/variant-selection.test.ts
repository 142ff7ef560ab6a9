import { describe, expect, it } from 'vitest';
import type { Variant } from '#common/schemas/catalog-model.ts';
import { chooseOption, firstAvailableVariant, initialVariant, optionState, selectionOf, summaryRows, variantName } from './variant-selection.ts';

// axes: 1 thickness (14 = 11, 16 = 12), 2 grip (4 1/4 = 21, 4 3/8 = 22); 14 mm / 4 3/8 does not exist
const variant = (id: number, thickness: number, grip: number, stock: number): Variant => ({
  id,
  sku: `V${id}`,
  price: '100.00',
  compareAtPrice: null,
  stock,
  position: id,
  imageId: null,
  options: [
    { optionTypeId: 1, valueId: thickness, label: thickness === 11 ? '14 mm' : '16 mm' },
    { optionTypeId: 2, valueId: grip, label: grip === 21 ? '4 1/4 in' : '4 3/8 in' },
  ],
});
const variants = [variant(1, 12, 22, 0), variant(2, 11, 21, 4), variant(3, 12, 21, 7)];

describe('variant selection', () => {
  it('opens on the variant a link names, else the first in stock', () => {
    expect(initialVariant({ variants }, '3')?.id).toBe(3);
    expect(initialVariant({ variants }, '1')?.id).toBe(1);
    for (const requested of [null, '999', 'abc', '', '2.5', '-2']) expect(initialVariant({ variants }, requested)?.id).toBe(2);
    expect(firstAvailableVariant([variant(1, 12, 22, 0)])?.id).toBe(1);
    expect(firstAvailableVariant([])).toBeUndefined();
  });

  it('tells each option apart: in stock, sold out, or no such combination', () => {
    const on16x414 = selectionOf(variants[2]!);
    expect(optionState(variants, on16x414, 2, 22)).toBe('sold-out');
    expect(optionState(variants, on16x414, 1, 11)).toBe('available');
    const on14 = selectionOf(variants[1]!);
    expect(optionState(variants, on14, 2, 22)).toBe('unavailable');
    expect(optionState(variants, on14, 2, 21)).toBe('available');
  });

  it('lands on the exact combination, or the nearest variant with the chosen value', () => {
    expect(chooseOption(variants, selectionOf(variants[2]!), 1, 11)?.id).toBe(2);
    // 14 mm / 4 3/8 does not exist: choosing 4 3/8 on 14 mm gives 16 mm / 4 3/8
    expect(chooseOption(variants, selectionOf(variants[1]!), 2, 22)?.id).toBe(1);
  });

  it('names a variant by its values in axis order', () => {
    expect(variantName(variants[2]!)).toBe('16 mm / 4 1/4 in');
    expect(variantName({ ...variants[0]!, options: [] })).toBe('');
  });
});

describe('the summary box', () => {
  const options = [
    { id: 1, key: 'thickness', name: 'Thickness', values: [] },
    { id: 5, key: 'color', name: 'Color', values: [] },
  ];
  const black = { options: [{ optionTypeId: 5, valueId: 51, label: 'Black' }] };

  it('says the chosen variant, not the product row', () => {
    expect(summaryRows({ thickness: '16 mm', color: 'Red', options }, black)).toEqual([
      { label: 'Color', value: 'Black' },
      { label: 'Thickness', value: '16 mm' },
    ]);
  });

  it("leaves out a box holding only the one axis's value, which the picker's legend says (a gift card's Amount)", () => {
    const amount = [{ id: 7, key: 'gift_card_amount', name: 'Amount', values: [] }];
    expect(summaryRows({ thickness: null, color: null, options: amount }, { options: [{ optionTypeId: 7, valueId: 71, label: '$25' }] })).toEqual([]);
    // beside the product's own field the box says more than the picker: it stays
    expect(summaryRows({ thickness: '16 mm', color: null, options }, black)).toHaveLength(2);
  });

  it("keeps the product's own fields without a chosen variant", () => {
    expect(summaryRows({ thickness: null, color: 'Red', options: [] }, undefined)).toEqual([{ label: 'Color', value: 'Red' }]);
    expect(summaryRows({ thickness: null, color: null, options: [] }, undefined)).toEqual([]);
  });
});
