import { useSyncExternalStore } from 'react';
import type { Product, VariantStock } from '#common/schemas/catalog.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';
import {
  addCartItem,
  addedToCartMessage,
  cartItemCount,
  cartTotalCents,
  lineKey,
  orderableItems,
  quantityInCart,
  refreshCartItems,
  refreshIds,
  removeCartItem,
  updateCartQuantity,
  type CartItem,
  type LineChange,
  type LineKey,
} from './cart-rules.ts';
import { CART_STORAGE_KEY, loadCart, parseStoredCart, saveCart } from './cart-storage.ts';

// long enough to reach its "View cart" / "Check out" links (hovering or focusing it pauses the timer)
const ADDED_TO_CART_TOAST_MS = 6000;
const NEXT_STEPS = [
  { href: '/cart', label: 'View cart' },
  { href: '/cart#checkout', label: 'Check out' },
];

let items: CartItem[] = typeof window === 'undefined' ? [] : loadCart();
// what the last re-read changed per line; for this visit only (the stored cart is already current)
let changes: ReadonlyMap<LineKey, LineChange> = new Map();
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
  /**
   * Adds (a variant of a product with several, else the product) and shows the "Added to Cart" toast
   * with the way to the cart and to checkout.
   */
  addItem(product: Product, quantity = 1, variant: CartVariant | null = null): void {
    const wasInCart = quantityInCart(items, product.id, variant?.id) > 0;
    setItems(addCartItem(items, product, quantity, variant));
    toast({
      title: 'Added to Cart',
      description: addedToCartMessage(variant ? `${product.name} (${variant.name})` : product.name, quantity, wasInCart),
      duration: ADDED_TO_CART_TOAST_MS,
      links: NEXT_STEPS,
    });
  },
  removeItem(productId: number, variantId?: number | null): void {
    setItems(removeCartItem(items, lineKey(productId, variantId)));
  },
  updateQuantity(productId: number, quantity: number, variantId?: number | null): void {
    setItems(updateCartQuantity(items, lineKey(productId, variantId), quantity));
  },
  clear(): void {
    setItems([]);
  },
  /**
   * Re-reads every line's price and stock from the shop (products and variants, one request each at
   * most, side by side), so the page never shows a stale snapshot.
   */
  async refresh(): Promise<void> {
    const { productIds, variantIds } = refreshIds(items);
    if (productIds.length === 0 && variantIds.length === 0) return;
    const [products, variants] = await Promise.all([
      productIds.length ? getJson<Product[]>(withQuery('/api/products', { ids: productIds.join(',') })) : [],
      variantIds.length ? getJson<VariantStock[]>(withQuery('/api/variants', { ids: variantIds.join(',') })) : [],
    ]);
    const refreshed = refreshCartItems(items, products, variants);
    setItems(refreshed.items, true, refreshed.changes);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;
const getChanges = () => changes;
const NO_ITEMS: CartItem[] = [];
const NO_CHANGES: ReadonlyMap<LineKey, LineChange> = new Map();
const getNoItems = () => NO_ITEMS;
const getNoChanges = () => NO_CHANGES;

/**
 * The cart: items (all, for the badge's count), the lines the order is made of (sold-out ones left out)
 * and their total in cents, what the last re-read changed, and its actions. Checkout receives this through app/.
 */
export function useCart() {
  // the server (and hydration) draws the empty cart: the stored one fills in right after, in the badge's fixed place
  const current = useSyncExternalStore(subscribe, getItems, getNoItems);
  const currentChanges = useSyncExternalStore(subscribe, getChanges, getNoChanges);
  const ordered = orderableItems(current);
  return {
    items: current,
    orderItems: ordered,
    changes: currentChanges,
    totalCents: cartTotalCents(ordered),
    itemCount: cartItemCount(current),
    quantityOf: (productId: number, variantId?: number | null) => quantityInCart(current, productId, variantId),
    ...cartActions,
  };
}
