import type { CartVariant } from '#client/lib/cart-variant.ts';
import type { CartItem } from './cart-rules.ts';

// The cart lives in local storage under the pickleball cart key; only the items are kept.
// The shape { state: { items }, version } is the one the previous shop wrote, so carts carried over still load.
export const CART_STORAGE_KEY = 'pickleball-cart';

// a line of a product with several variants names its variant; lines stored before variants have none
function isVariant(value: unknown): value is CartVariant {
  if (typeof value !== 'object' || value === null) return false;
  const variant = value as Partial<CartVariant>;
  return typeof variant.id === 'number' && typeof variant.name === 'string' && typeof variant.price === 'string' && typeof variant.stock === 'number';
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<CartItem>;
  return (
    typeof item.quantity === 'number' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0 &&
    typeof item.product === 'object' &&
    item.product !== null &&
    typeof item.product.id === 'number' &&
    typeof item.product.name === 'string' &&
    (item.variant === undefined || item.variant === null || isVariant(item.variant))
  );
}

/** Items from stored text; anything unreadable is an empty cart rather than a broken page. */
export function parseStoredCart(text: string | null): CartItem[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    const items = (parsed as { state?: { items?: unknown } })?.state?.items ?? (parsed as { items?: unknown })?.items ?? parsed;
    return Array.isArray(items) ? items.filter(isCartItem) : [];
  } catch {
    return [];
  }
}

export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify({ state: { items }, version: 0 });
}

export function loadCart(): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

export function saveCart(items: readonly CartItem[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(items));
  } catch {
    // storage full or disabled (private mode): the cart still works for this visit
  }
}
