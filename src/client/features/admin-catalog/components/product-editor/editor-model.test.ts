import { describe, expect, it } from 'vitest';
import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { ProductDocument } from '#common/schemas/product-document.ts';
import { combinations, comboKey, emptyEditor, fromDocument, issueKey, moveImage, toDocument, type EditorState } from './editor-model.ts';

const weight: AttributeDefinition = { id: 1, key: 'static_weight', name: 'Static weight', kind: 'range', unit: 'oz', choices: [], position: 1, isFilter: true };
const shape: AttributeDefinition = { id: 2, key: 'shape', name: 'Shape', kind: 'choice', unit: null, choices: ['Hybrid'], position: 2, isFilter: true };
const axes = [
  { key: 'core_thickness', name: 'Core thickness' },
  { key: 'grip_size', name: 'Grip size' },
];

function matrix(): EditorState {
  const state = emptyEditor('1');
  state.name = 'Reset Pro';
  state.brandId = '3';
  state.axes = [
    { ...axes[0]!, values: ['14 mm', '16 mm'] },
    { ...axes[1]!, values: ['4 1/4 in', '4 3/8 in'] },
  ];
  return state;
}

describe('the variant matrix', () => {
  it('has every combination of the picked values, none on sale until chosen', () => {
    const state = matrix();
    expect(combinations(state.axes)).toEqual([
      ['14 mm', '4 1/4 in'],
      ['14 mm', '4 3/8 in'],
      ['16 mm', '4 1/4 in'],
      ['16 mm', '4 3/8 in'],
    ]);
    expect(toDocument(state, []).issues.variants).toBe('Choose at least one combination to sell');
    expect(combinations([])).toEqual([[]]);
  });

  it('becomes a document of the chosen rows, with options by key and per-variant spec overrides', () => {
    const state = matrix();
    for (const combination of [
      ['14 mm', '4 1/4 in'],
      ['16 mm', '4 1/4 in'],
      ['16 mm', '4 3/8 in'],
    ]) {
      state.rows[comboKey(combination)] = { enabled: true, sku: `RP-${combination[0]}`, price: '199.99', compareAt: '', stock: '4', image: null };
    }
    state.specs = { static_weight: { min: '7.7', max: '8.1' }, shape: { choice: 'Hybrid' } };
    state.overrides = { static_weight: { [comboKey(['16 mm', '4 3/8 in'])]: { min: '8' } } };
    const built = toDocument(state, [weight, shape]);
    expect(built.issues).toEqual({});
    const parsed = ProductDocument.parse(built.document);
    expect(parsed.variants.map((variant) => variant.options)).toEqual([
      { core_thickness: '14 mm', grip_size: '4 1/4 in' },
      { core_thickness: '16 mm', grip_size: '4 1/4 in' },
      { core_thickness: '16 mm', grip_size: '4 3/8 in' },
    ]);
    expect(parsed.attributes).toEqual([
      { key: 'static_weight', value: { min: 7.7, max: 8.1 } },
      { key: 'static_weight', variant: 2, value: { min: 8, max: 8 } },
      { key: 'shape', value: 'Hybrid' },
    ]);
    // and back: the same rows and values
    const again = fromDocument(parsed, axes, [weight, shape]);
    expect(again.axes.map((axis) => axis.values)).toEqual([
      ['14 mm', '16 mm'],
      ['4 1/4 in', '4 3/8 in'],
    ]);
    expect(toDocument(again, [weight, shape]).document.variants).toHaveLength(3);
    expect(again.overrides.static_weight).toEqual({ [comboKey(['16 mm', '4 3/8 in'])]: { min: '8', max: '8' } });
  });

  it('names a missing price and a number that is none by the paths the server uses', () => {
    const state = matrix();
    state.rows[comboKey(['14 mm', '4 1/4 in'])] = { enabled: true, sku: '', price: ' ', compareAt: '', stock: '1', image: null };
    state.specs = { static_weight: { min: 'heavy' } };
    expect(toDocument(state, [weight]).issues).toEqual({ 'variants.0.price': 'Price is required', 'spec.static_weight': 'Static weight must be a number' });
    expect(issueKey('variants[0].sku', ['a'])).toEqual({ row: 'a', field: 'sku' });
    expect(issueKey('variants.4', ['a'])).toEqual({ field: 'variants' });
    expect(issueKey('name', [])).toEqual({ field: 'name' });
  });

  it('moving an image keeps variants on their picture', () => {
    const state = emptyEditor('1');
    state.images = [
      { url: '/a', alt: 'a' },
      { url: '/b', alt: 'b' },
      { url: '/c', alt: 'c' },
    ];
    state.rows[comboKey([])]!.image = 2;
    const moved = moveImage(state, 2, 0);
    expect(moved.images.map((image) => image.url)).toEqual(['/c', '/a', '/b']);
    expect(moved.rows[comboKey([])]!.image).toBe(0);
  });
});

describe('the URL slug', () => {
  const onSale = () => {
    const state = matrix();
    state.rows[comboKey(['14 mm', '4 1/4 in'])] = { enabled: true, sku: 'RP-14', price: '99', compareAt: '', stock: '1', image: null };
    return state;
  };

  it('goes out as typed, or empty for the server to make from the name', () => {
    const state = onSale();
    expect(toDocument(state, []).document.slug).toBeNull();
    state.slug = ' reset-pro-16 ';
    expect(toDocument(state, []).document.slug).toBe('reset-pro-16');
  });

  it('is refused before saving when it is not lowercase words and hyphens', () => {
    const state = onSale();
    state.slug = 'Reset Pro';
    expect(toDocument(state, []).issues.slug).toBe('URL slug must be lowercase letters, digits and single hyphens, with at least one letter');
  });
});
