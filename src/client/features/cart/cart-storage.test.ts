import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, parseStoredCart, serializeCart } from './cart-storage.ts';

const item = { product: { id: 1, name: 'Paddle', price: '10.00', stock: 3 }, quantity: 2 };

describe('cart storage', () => {
  it('uses the pickleball cart key and keeps only the items', () => {
    expect(CART_STORAGE_KEY).toBe('pickleball-cart');
    const text = serializeCart([item as never]);
    expect(JSON.parse(text)).toEqual({ state: { items: [item] }, version: 0 });
    expect(parseStoredCart(text)).toEqual([item]);
  });

  it('reads a bare list or { items } too, and drops broken entries', () => {
    expect(parseStoredCart(JSON.stringify([item]))).toEqual([item]);
    expect(parseStoredCart(JSON.stringify({ items: [item, { product: null, quantity: 1 }, { product: item.product, quantity: 0 }] }))).toEqual([item]);
  });

  it('keeps lines with a variant, and old lines without one, and drops a line whose variant is broken', () => {
    const variantLine = { ...item, variant: { id: 9, name: '16 mm / 4 1/4 in', sku: 'V-9', price: '189.00', stock: 4, imageUrl: null } };
    const broken = { ...item, variant: { id: '9' } };
    expect(parseStoredCart(serializeCart([item, variantLine, broken] as never))).toEqual([item, variantLine]);
  });

  it('treats unreadable storage as an empty cart', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('"text"')).toEqual([]);
  });
});
