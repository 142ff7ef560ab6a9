import { useSyncExternalStore } from 'react';
import type { Product } from '#common/schemas/catalog.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import {
  addCartItem,
  addedToCartMessage,
  cartItemCount,
  cartTotalCents,
  quantityInCart,
  removeCartItem,
  updateCartQuantity,
  type CartItem,
} from './cart-rules.ts';
import { CART_STORAGE_KEY, loadCart, parseStoredCart, saveCart } from './cart-storage.ts';

// long enough to reach its "View cart" / "Check out" links (hovering or focusing it pauses the timer)
export const ADDED_TO_CART_TOAST_MS = 6000;
const NEXT_STEPS = [
  { href: '/cart', label: 'View cart' },
  { href: '/cart#checkout', label: 'Check out' },
];

let items: CartItem[] = typeof window === 'undefined' ? [] : loadCart();
const listeners = new Set<() => void>();

function setItems(next: CartItem[], persist = true): void {
  items = next;
  if (persist) saveCart(items);
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // another tab changed the cart: follow it so both tabs agree on what will be bought
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) setItems(parseStoredCart(event.newValue), false);
  });
}

export const cartActions = {
  /** Adds and shows the "Added to Cart" toast with the way to the cart and to checkout. */
  addItem(product: Product, quantity = 1): void {
    const wasInCart = quantityInCart(items, product.id) > 0;
    setItems(addCartItem(items, product, quantity));
    toast({
      title: 'Added to Cart',
      description: addedToCartMessage(product.name, quantity, wasInCart),
      duration: ADDED_TO_CART_TOAST_MS,
      links: NEXT_STEPS,
    });
  },
  removeItem(productId: number): void {
    setItems(removeCartItem(items, productId));
  },
  updateQuantity(productId: number, quantity: number): void {
    setItems(updateCartQuantity(items, productId, quantity));
  },
  clear(): void {
    setItems([]);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

/** The cart: items, derived total (cents) and count, and its actions. Checkout receives this through app/. */
export function useCart() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  return {
    items: current,
    totalCents: cartTotalCents(current),
    itemCount: cartItemCount(current),
    quantityOf: (productId: number) => quantityInCart(current, productId),
    ...cartActions,
  };
}

export type Cart = ReturnType<typeof useCart>;
