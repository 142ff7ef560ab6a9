import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInShop } from '#client/test/render.tsx';
import { fromDocument, issueKey, toDocument, type EditorState, type LoadedDocument } from './editor-model.ts';
import { VariantMatrix } from './variant-matrix.tsx';

// The variant rows' "Shipping & identifiers": ounces or pounds and inches in the form, grams and
// millimetres in the document, a bad GTIN named beside its field before anything is sent.

const loaded: LoadedDocument = {
  name: 'Reset Pro',
  slug: 'reset-pro',
  brandId: 3,
  productTypeId: 1,
  description: null,
  thickness: null,
  color: null,
  releaseDate: null,
  isFeatured: false,
  usapaStatus: 'not_stated',
  usapaCheckedOn: null,
  videoUrl: null,
  images: [],
  variants: [
    { id: 11, sku: 'RP-14', price: '199.99', compareAtPrice: null, stock: 4, options: {}, image: null, weightGrams: 227, lengthMm: 419, gtin: '036000291452' },
  ],
  attributes: [],
};

let latest: EditorState | undefined;

function Editor({ start }: { start: EditorState }) {
  const [state, setState] = useState(start);
  latest = state;
  const built = toDocument(state, []);
  const rowErrors: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(built.issues)) {
    const { row, field } = issueKey(path, built.variantKeys);
    if (row !== undefined) rowErrors[row] = { ...rowErrors[row], [field]: message };
  }
  const entries = Object.entries(state.rows).map(([key, row]) => ({ key, row, combination: [] }));
  return (
    <VariantMatrix
      entries={entries}
      images={[]}
      rowErrors={rowErrors}
      onRow={(key, row) => setState((current) => ({ ...current, rows: { ...current.rows, [key]: row } }))}
    />
  );
}

const documentOf = () => toDocument(latest!, []).document.variants[0]!;

describe('the variant rows’ shipping and identifier fields', () => {
  it('show stored grams as ounces and inches, and save them back unchanged or as typed', async () => {
    const { user } = renderInShop(<Editor start={fromDocument(loaded, [], [])} />);
    await user.click(screen.getByText('Shipping & identifiers of Default'));
    expect(screen.getByRole('textbox', { name: 'Weight of Default' })).toHaveValue('8');
    expect(screen.getByRole('combobox', { name: 'Weight unit of Default' })).toHaveValue('oz');
    expect(screen.getByRole('textbox', { name: 'Length (in) of Default' })).toHaveValue('16.5');
    // left as loaded: the stored grams themselves, not 8 oz rounded again; the width never known stays out
    expect(documentOf()).toMatchObject({ weightGrams: 227, lengthMm: 419, gtin: '036000291452' });
    expect(documentOf()).not.toHaveProperty('widthMm');

    await user.clear(screen.getByRole('textbox', { name: 'Weight of Default' }));
    await user.type(screen.getByRole('textbox', { name: 'Weight of Default' }), '1.5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Weight unit of Default' }), 'lb');
    await user.type(screen.getByRole('textbox', { name: 'Width (in) of Default' }), '8');
    await user.clear(screen.getByRole('textbox', { name: 'Length (in) of Default' }));
    expect(documentOf()).toMatchObject({ weightGrams: 680, widthMm: 203, lengthMm: null });
  });

  it('names a GTIN with a wrong check digit and a weight that is not a number beside their fields', async () => {
    const { user } = renderInShop(<Editor start={fromDocument(loaded, [], [])} />);
    await user.click(screen.getByText('Shipping & identifiers of Default'));
    const gtin = screen.getByRole('textbox', { name: 'GTIN (UPC/EAN) of Default' });
    await user.clear(gtin);
    await user.type(gtin, '036000291453');
    expect(gtin).toHaveAccessibleDescription('GTIN must be 8, 12, 13 or 14 digits with a valid check digit');
    const weight = screen.getByRole('textbox', { name: 'Weight of Default' });
    await user.clear(weight);
    await user.type(weight, '-3');
    expect(weight).toHaveAccessibleDescription('Weight must be a number (oz or lb)');
    expect(toDocument(latest!, []).issues).toMatchObject({ 'variants.0.gtin': expect.any(String), 'variants.0.weightGrams': expect.any(String) });
  });
});
