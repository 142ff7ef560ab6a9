import { describe, expect, it } from 'vitest';
import type { Product } from '#common/schemas/catalog.ts';
import {
  addCartItem,
  addedToCartMessage,
  cartItemCount,
  cartTotalCents,
  orderableItems,
  quantityInCart,
  refreshCartItems,
  removeCartItem,
  updateCartQuantity,
  type CartItem,
} from './cart-rules.ts';

const product = (id: number, price: string, stock = 10): Product => ({
  id,
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
    expect(removeCartItem(items, 1).map((item) => item.product.id)).toEqual([2]);
    expect(updateCartQuantity(items, 2, 0).map((item) => item.product.id)).toEqual([1]);
    expect(updateCartQuantity(items, 2, -1).map((item) => item.product.id)).toEqual([1]);
    expect(updateCartQuantity(items, 2, 7).find((item) => item.product.id === 2)?.quantity).toBe(7);
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
    expect(Object.fromEntries(changes)).toEqual({ 1: { previousPrice: '10.00', previousQuantity: 5 } });
    expect(orderableItems(fresh).map((item) => item.product.id)).toEqual([1, 2]);
    expect(cartTotalCents(orderableItems(fresh))).toBe(3 * 1250 + 2 * 2000);
  });

  it('words the added-to-cart toast as the spec does', () => {
    expect(addedToCartMessage('Reset Pro', 1, false)).toBe('Reset Pro has been added to your cart');
    expect(addedToCartMessage('Reset Pro', 2, true)).toBe('Added 2 more Reset Pro to your cart');
  });
});
