import { useSyncExternalStore } from 'react';
import type { Product } from '#common/schemas/catalog.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';
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
  type LineChange,
} from './cart-rules.ts';
import { CART_STORAGE_KEY, loadCart, parseStoredCart, saveCart } from './cart-storage.ts';

// long enough to reach its "View cart" / "Check out" links (hovering or focusing it pauses the timer)
export const ADDED_TO_CART_TOAST_MS = 6000;
const NEXT_STEPS = [
  { href: '/cart', label: 'View cart' },
  { href: '/cart#checkout', label: 'Check out' },
];

let items: CartItem[] = typeof window === 'undefined' ? [] : loadCart();
// what the last re-read changed per product id; for this visit only (the stored cart is already current)
let changes: ReadonlyMap<number, LineChange> = new Map();
const listeners = new Set<() => void>();

function setItems(next: CartItem[], persist = true, nextChanges = changes): void {
  items = next;
  changes = nextChanges;
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
  /** Re-reads every line's price and stock from the shop in one request, so the page never shows a stale snapshot. */
  async refresh(): Promise<void> {
    const ids = items.map((item) => item.product.id);
    if (ids.length === 0) return;
    const current = await getJson<Product[]>(withQuery('/api/products', { ids: ids.join(',') }));
    const refreshed = refreshCartItems(items, current);
    setItems(refreshed.items, true, refreshed.changes);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;
const getChanges = () => changes;

/**
 * The cart: items (all, for the badge's count), the lines the order is made of (sold-out ones left out)
 * and their total in cents, what the last re-read changed, and its actions. Checkout receives this through app/.
 */
export function useCart() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  const currentChanges = useSyncExternalStore(subscribe, getChanges, getChanges);
  const ordered = orderableItems(current);
  return {
    items: current,
    orderItems: ordered,
    changes: currentChanges,
    totalCents: cartTotalCents(ordered),
    itemCount: cartItemCount(current),
    quantityOf: (productId: number) => quantityInCart(current, productId),
    ...cartActions,
  };
}

export type Cart = ReturnType<typeof useCart>;
