import type { Product } from '#common/schemas/catalog.ts';
import { toCents } from '#common/money.ts';

// The cart's pure rules, shared by the store, the cards and the product page.

export interface CartItem {
  product: Product;
  quantity: number;
}

export function quantityInCart(items: readonly CartItem[], productId: number): number {
  return items.find((item) => item.product.id === productId)?.quantity ?? 0;
}

/** Adds `quantity` (default 1): an item already in the cart grows, a new one is appended. */
export function addCartItem(items: readonly CartItem[], product: Product, quantity = 1): CartItem[] {
  if (items.some((item) => item.product.id === product.id)) {
    return items.map((item) => (item.product.id === product.id ? { product, quantity: item.quantity + quantity } : item));
  }
  return [...items, { product, quantity }];
}

export function removeCartItem(items: readonly CartItem[], productId: number): CartItem[] {
  return items.filter((item) => item.product.id !== productId);
}

/** Sets an item's quantity; 0 or less removes it. */
export function updateCartQuantity(items: readonly CartItem[], productId: number, quantity: number): CartItem[] {
  if (quantity <= 0) return removeCartItem(items, productId);
  return items.map((item) => (item.product.id === productId ? { ...item, quantity } : item));
}

/** Sum of price times quantity, in cents; a missing or invalid price counts as 0. */
export function cartTotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => {
    const cents = toCents(item.product.price);
    return sum + (Number.isNaN(cents) ? 0 : cents) * item.quantity;
  }, 0);
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The toast text after adding; "more" when the product was already in the cart. */
export function addedToCartMessage(productName: string, added: number, wasInCart: boolean): string {
  return wasInCart ? `Added ${added} more ${productName} to your cart` : `${productName} has been added to your cart`;
}
