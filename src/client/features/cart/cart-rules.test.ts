import { describe, expect, it } from 'vitest';
import type { Product } from '#common/schemas/catalog.ts';
import { checkoutLine } from './cart-lines.ts';
import {
  addCartItem,
  addedToCartMessage,
  cartItemCount,
  cartTotalCents,
  itemKey,
  lineKey,
  orderableItems,
  refreshIds,
  quantityInCart,
  refreshCartItems,
  removeCartItem,
  updateCartQuantity,
  type CartItem,
} from './cart-rules.ts';

const product = (id: number, price: string, stock = 10): Product => ({
  id,
  slug: `product-${id}`,
  brandId: null,
  name: `Paddle ${id}`,
  sku: null,
  price,
  description: null,
  thickness: null,
  color: null,
  imageUrl: null,
  stock,
  releaseDate: null,
  isFeatured: false,
  productTypeId: 1,
  usapaStatus: 'not_stated',
  usapaCheckedOn: null,
});

describe('cart rules', () => {
  it('adds with a default quantity of 1 and appends new products', () => {
    const items = addCartItem(addCartItem([], product(1, '10.00')), product(2, '5.00'), 3);
    expect(items.map((item) => [item.product.id, item.quantity])).toEqual([
      [1, 1],
      [2, 3],
    ]);
  });

  it('grows the quantity of a product already in the cart instead of adding a line', () => {
    const items = addCartItem(addCartItem([], product(1, '10.00'), 2), product(1, '10.00'), 3);
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(5);
  });

  it('removes, and removes on update to 0 or less', () => {
    const items: CartItem[] = [
      { product: product(1, '1.00'), quantity: 1 },
      { product: product(2, '1.00'), quantity: 2 },
    ];
    expect(removeCartItem(items, lineKey(1)).map((item) => item.product.id)).toEqual([2]);
    expect(updateCartQuantity(items, lineKey(2), 0).map((item) => item.product.id)).toEqual([1]);
    expect(updateCartQuantity(items, lineKey(2), -1).map((item) => item.product.id)).toEqual([1]);
    expect(updateCartQuantity(items, lineKey(2), 7).find((item) => item.product.id === 2)?.quantity).toBe(7);
  });

  it('derives the total in cents (missing or invalid price counts as 0) and the item count', () => {
    const items: CartItem[] = [
      { product: product(1, '19.99'), quantity: 3 },
      { product: product(2, 'not a price'), quantity: 2 },
      { product: { ...product(3, '0.10'), price: '' }, quantity: 1 },
      { product: product(4, '0.10'), quantity: 3 },
    ];
    expect(cartTotalCents(items)).toBe(5997 + 30);
    expect(cartItemCount(items)).toBe(9);
    expect(cartTotalCents([])).toBe(0);
    expect(quantityInCart(items, 1)).toBe(3);
    expect(quantityInCart(items, 99)).toBe(0);
  });

  it("refreshes lines to the shop's price and stock, lowering quantities and marking what changed", () => {
    const items: CartItem[] = [
      { product: product(1, '10.00', 9), quantity: 5 },
      { product: product(2, '20.00', 9), quantity: 2 },
      { product: product(3, '30.00', 9), quantity: 4 },
      { product: product(4, '40.00', 9), quantity: 1 },
    ];
    const { items: fresh, changes } = refreshCartItems(items, [product(1, '12.50', 3), product(2, '20', 9), product(3, '30.00', 0)]);
    expect(fresh.map((item) => [item.product.id, item.product.price, item.product.stock, item.quantity])).toEqual([
      [1, '12.50', 3, 3],
      [2, '20', 9, 2],
      [3, '30.00', 0, 4],
      [4, '40.00', 0, 1],
    ]);
    expect(Object.fromEntries(changes)).toEqual({ p1: { previousPrice: '10.00', previousQuantity: 5 } });
    expect(orderableItems(fresh).map((item) => item.product.id)).toEqual([1, 2]);
    expect(cartTotalCents(orderableItems(fresh))).toBe(3 * 1250 + 2 * 2000);
  });

  describe('lines per variant', () => {
    const paddle = product(7, '179.00', 11);
    const v16 = { id: 70, name: '16 mm / 4 1/4 in', sku: 'VEC-16', price: '189.00', stock: 7, imageUrl: '/uploads/v16.webp' };
    const v14 = { id: 71, name: '14 mm / 4 1/4 in', sku: 'VEC-14', price: '179.00', stock: 4, imageUrl: null };

    it('keeps two variants of one product as two lines, each with its own price, stock and quantity', () => {
      let items = addCartItem([], paddle, 2, v16);
      items = addCartItem(items, paddle, 1, v14);
      items = addCartItem(items, paddle, 1, v16);
      expect(items.map((item) => [itemKey(item), item.quantity])).toEqual([
        ['v70', 3],
        ['v71', 1],
      ]);
      expect(quantityInCart(items, 7, 70)).toBe(3);
      expect(quantityInCart(items, 7)).toBe(0);
      expect(cartTotalCents(items)).toBe(3 * 18900 + 17900);
      expect(items.map((item) => checkoutLine(item))).toEqual([
        {
          product: { id: 7, name: 'Paddle 7', price: '189.00' },
          variantId: 70,
          quantity: 3,
          variantName: '16 mm / 4 1/4 in',
          imageUrl: '/uploads/v16.webp',
          notes: [],
        },
        {
          product: { id: 7, name: 'Paddle 7', price: '179.00' },
          variantId: 71,
          quantity: 1,
          variantName: '14 mm / 4 1/4 in',
          imageUrl: paddle.imageUrl,
          notes: [],
        },
      ]);
      expect(checkoutLine(items[0]!, { previousPrice: '199.00' }).notes).toEqual(['Price changed from $199.00 to $189.00.']);
      expect(updateCartQuantity(items, 'v71', 0).map(itemKey)).toEqual(['v70']);
    });

    it('re-reads variant lines from the variants and product lines from the products', () => {
      const items: CartItem[] = [
        { product: paddle, variant: v16, quantity: 5 },
        { product: paddle, variant: v14, quantity: 1 },
        { product: product(8, '5.00', 3), quantity: 1 },
      ];
      expect(refreshIds(items)).toEqual({ productIds: [8], variantIds: [70, 71] });
      const { items: fresh, changes } = refreshCartItems(items, [product(8, '5.00', 3)], [{ id: 70, productId: 7, sku: 'VEC-16', price: '199.00', stock: 2 }]);
      expect(fresh.map((item) => [itemKey(item), item.variant?.price, item.variant?.stock, item.quantity])).toEqual([
        ['v70', '199.00', 2, 2],
        ['v71', '179.00', 0, 1],
        ['p8', undefined, undefined, 1],
      ]);
      expect(Object.fromEntries(changes)).toEqual({ v70: { previousPrice: '189.00', previousQuantity: 5 } });
      expect(orderableItems(fresh).map(itemKey)).toEqual(['v70', 'p8']);
    });
  });

  it('words the added-to-cart toast as the spec does', () => {
    expect(addedToCartMessage('Reset Pro', 1, false)).toBe('Reset Pro has been added to your cart');
    expect(addedToCartMessage('Reset Pro', 2, true)).toBe('Added 2 more Reset Pro to your cart');
  });
});
