import { describe, expect, it } from 'vitest';
import { productDetail } from '#client/test/fixtures.ts';
import { lineFromProduct } from './line-from-product.ts';

const variant = (id: number, imageId: number | null, labels: string[]) => ({
  id,
  sku: `SKU-${id}`,
  price: '89.99',
  compareAtPrice: null,
  stock: 4,
  position: id,
  imageId,
  options: labels.map((label, index) => ({ optionTypeId: index + 1, valueId: id * 10 + index, label })),
});

const paddle = productDetail({
  id: 7,
  imageUrl: '/uploads/paddle.webp',
  images: [{ id: 3, url: '/uploads/paddle-blue.webp', alt: 'Blue', position: 1 }],
  variants: [variant(70, 3, ['16 mm', 'Blue']), variant(71, null, ['14 mm', 'Red'])],
});

describe('lineFromProduct', () => {
  it('keeps the chosen variant with its option labels and its own image', () => {
    const line = lineFromProduct(paddle, 70, 2);
    expect(line.quantity).toBe(2);
    expect(line.variant).toEqual({ id: 70, name: '16 mm / Blue', sku: 'SKU-70', price: '89.99', stock: 4, imageUrl: '/uploads/paddle-blue.webp' });
  });

  it("falls back to the product's image for a variant without one", () => {
    expect(lineFromProduct(paddle, 71, 1).variant?.imageUrl).toBe('/uploads/paddle.webp');
  });

  it('keeps the product as the lists send it, without the page sheet', () => {
    const { product } = lineFromProduct(paddle, 70, 1);
    expect(product).toMatchObject({ id: 7, name: paddle.name, price: paddle.price });
    for (const key of ['variants', 'images', 'options', 'attributes', 'productType', 'ratingCount', 'video']) expect(product).not.toHaveProperty(key);
  });

  it('buys a product with one variant, or a variant no longer sold, by its product id alone', () => {
    expect(lineFromProduct(productDetail({ variants: [variant(5, null, ['Yellow'])] }), 5, 1).variant).toBeUndefined();
    expect(lineFromProduct(paddle, 999, 1).variant).toBeUndefined();
  });
});
