import { describe, expect, it } from 'vitest';
import { ProductDocument } from './product-document.ts';

const paddle = {
  name: 'Reset Pro',
  brandId: '2',
  productTypeId: 1,
  variants: [
    { sku: 'RP-16-425', price: '219.99', stock: '4', options: { core_thickness: '16 mm', grip_size: '4 1/4 in' } },
    { sku: 'RP-14-425', price: 209, stock: 0, options: { core_thickness: '14 mm', grip_size: '4 1/4 in' } },
  ],
  attributes: [
    { key: 'static_weight', value: { min: 7.8, max: 8.2 } },
    { key: 'static_weight', variant: 1, value: { min: 7.6, max: 8.0 } },
    { key: 'shape', value: 'Elongated' },
  ],
};

describe('ProductDocument', () => {
  it('normalises a paddle with two variants: ids and stock from text, prices as 2-decimal strings, defaults', () => {
    const doc = ProductDocument.parse(paddle);
    expect(doc).toMatchObject({ brandId: 2, isFeatured: false, usapaStatus: 'not_stated', images: [], releaseDate: null, usapaCheckedOn: null });
    expect(doc.variants.map(({ price, stock }) => ({ price, stock }))).toEqual([
      { price: '219.99', stock: 4 },
      { price: '209.00', stock: 0 },
    ]);
  });

  it.each([
    [{ variants: [] }, 'A product needs at least one variant'],
    [{ variants: [{ price: '1.005', stock: 1 }] }, 'Price can have at most 2 decimal places'],
    [{ variants: [{ price: '10', stock: -1 }] }, 'Stock cannot be negative'],
    [{ variants: Array.from({ length: 101 }, (_, i) => ({ sku: `S${i}`, price: '1', stock: 1 })) }, 'At most 100 variants per product'],
    [{ usapaCheckedOn: '2026-02-30' }, 'USA Pickleball check date must be a date (YYYY-MM-DD)'],
    [{ images: [{ url: 'javascript:alert(1)' }] }, 'Image URL must be an uploaded image or an http(s) URL'],
  ])('refuses %j: %s', (change, message) => {
    const result = ProductDocument.safeParse({ ...paddle, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
