import { describe, expect, it } from 'vitest';
import { ProductInput } from '#common/schemas/admin-catalog.ts';
import { EMPTY_PRODUCT, productFormValues, productPayload } from './product-form-values.ts';

describe('product form values', () => {
  it('requires a brand with the spec message', () => {
    const result = ProductInput.safeParse(productPayload({ ...EMPTY_PRODUCT, name: 'Paddle', price: '99.99' }));
    expect(result.error?.issues.find((issue) => issue.path[0] === 'brandId')?.message).toBe('Brand selection is required');
  });

  it('sends text fields, the release date as an ISO date-time and the flag as text', () => {
    const payload = productPayload({
      ...EMPTY_PRODUCT,
      name: 'Paddle',
      price: ' 99.99 ',
      brandId: '4',
      stock: '7',
      releaseDate: '2025-03-01',
      isFeatured: true,
    });
    expect(payload).toMatchObject({ price: '99.99', brandId: '4', stock: '7', releaseDate: '2025-03-01T00:00:00.000Z', isFeatured: 'true' });
    const parsed = ProductInput.parse(payload);
    expect(parsed).toMatchObject({ price: '99.99', brandId: 4, stock: 7, isFeatured: true, sku: null, releaseDate: '2025-03-01T00:00:00.000Z' });
  });

  it('fills the form from a product for Edit', () => {
    const values = productFormValues({
      id: 1,
      brandId: 2,
      name: 'Pro',
      slug: 'pro',
      sku: null,
      price: '149.99',
      description: null,
      thickness: '16mm',
      color: null,
      imageUrl: null,
      stock: 3,
      releaseDate: '2025-03-01T00:00:00.000Z',
      isFeatured: false,
      productTypeId: 1,
      usapaStatus: 'not_stated',
      usapaCheckedOn: null,
    });
    expect(values).toEqual({ ...EMPTY_PRODUCT, name: 'Pro', price: '149.99', brandId: '2', stock: '3', thickness: '16mm', releaseDate: '2025-03-01' });
  });

  it('sends the stock the form loaded along with an edit, and none with a new product', () => {
    const values = { ...EMPTY_PRODUCT, name: 'Pro', price: '10', brandId: '2', stock: '8' };
    expect(productPayload(values, 5)).toMatchObject({ stock: '8', stockWas: '5' });
    expect(productPayload(values)).not.toHaveProperty('stockWas');
  });
});
