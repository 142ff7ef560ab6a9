import { useSyncExternalStore } from 'react';
import type { Product, VariantStock } from '#common/schemas/catalog.ts';
import type { GiftCardRecipient } from '#common/schemas/gift-card-shopper.ts';
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

/** What was just added, for the cart drawer (decision 041); null once the drawer is closed. */
interface CartAddition {
  product: Product;
  variant: CartVariant | null;
  /** the units this press added */
  added: number;
  /** the line held some already: "Added {n} more ..." */
  wasInCart: boolean;
  /** what had focus when the shopper added (the button pressed): focus goes back there when the drawer closes */
  returnFocusTo: HTMLElement | null;
}

// What the server draws (and hydration finds): no items, no changes. A store still holding these very values
// tells React after hydration that nothing changed; any other value, even an equal empty one, makes it draw
// every reader again at once, in one task the browser cannot interrupt.
const NO_ITEMS: CartItem[] = [];
const NO_CHANGES: ReadonlyMap<LineKey, LineChange> = new Map();

const stored = typeof window === 'undefined' ? NO_ITEMS : loadCart();
let items: CartItem[] = stored.length > 0 ? stored : NO_ITEMS;
let addition: CartAddition | null = null;
// what the last re-read changed per line; for this visit only (the stored cart is already current)
let changes: ReadonlyMap<LineKey, LineChange> = NO_CHANGES;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function setItems(next: CartItem[], persist = true, nextChanges = changes): void {
  items = next;
  changes = nextChanges;
  if (persist) saveCart(items);
  notify();
}

if (typeof window !== 'undefined') {
  // another tab changed the cart: follow it so both tabs agree on what will be bought
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) setItems(parseStoredCart(event.newValue), false);
  });
}

export const cartActions = {
  /**
   * Adds (a variant of a product with several, else the product) and opens the cart drawer with the
   * line, the way to the cart and to checkout (decision 041).
   */
  addItem(product: Product, quantity = 1, variant: CartVariant | null = null, giftCard?: GiftCardRecipient): void {
    const wasInCart = quantityInCart(items, product.id, variant?.id) > 0;
    const focused = typeof document === 'undefined' ? null : document.activeElement;
    addition = { product, variant, added: quantity, wasInCart, returnFocusTo: focused instanceof HTMLElement ? focused : null };
    setItems(addCartItem(items, product, quantity, variant, giftCard));
  },
  /** The drawer closed: nothing is "just added" any more. */
  dismissAddition(): void {
    addition = null;
    notify();
  },
  removeItem(productId: number, variantId?: number | null): void {
    setItems(removeCartItem(items, lineKey(productId, variantId)));
  },
  updateQuantity(productId: number, quantity: number, variantId?: number | null): void {
    setItems(updateCartQuantity(items, lineKey(productId, variantId), quantity));
  },
  clear(): void {
    addition = null;
    setItems([]);
  },
  /** A reminder's link (restore-cart.ts): each line at least its quantity there, without the drawer (the cart page is open). */
  takeLines(lines: readonly CartItem[]): void {
    let next = items;
    for (const line of lines) {
      const current = quantityInCart(next, line.product.id, line.variant?.id);
      if (line.quantity > current) next = addCartItem(next, line.product, line.quantity - current, line.variant ?? null);
    }
    setItems(next);
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
const getAddition = () => addition;
const getNoAddition = () => null;
const getChanges = () => changes;
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

/** What was just added (null when nothing, or once the drawer closed): the cart drawer opens on it. */
export function useCartAddition(): CartAddition | null {
  return useSyncExternalStore(subscribe, getAddition, getNoAddition);
}

/** The drawer's title and line: the words the spec's toast said ("Added to Cart", then the product's line). */
export function additionMessage({ product, variant, added, wasInCart }: CartAddition): string {
  return addedToCartMessage(variant ? `${product.name} (${variant.name})` : product.name, added, wasInCart);
}
