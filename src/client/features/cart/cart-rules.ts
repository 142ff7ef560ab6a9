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

/** What re-reading a line from the shop changed, shown on the line until the cart is read again. */
export interface LineChange {
  /** the price the cart had before, when the shop's price differs */
  previousPrice?: string;
  /** the quantity the cart had before it was lowered to what is available */
  previousQuantity?: number;
}

/** Sold out (or no longer sold): the line stays visible but is left out of the order. */
export function isSoldOut(item: CartItem): boolean {
  return item.product.stock <= 0;
}

/** The lines the order is made of: sold-out lines wait until they are removed or back in stock. */
export function orderableItems(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => !isSoldOut(item));
}

/**
 * The cart with each line's product as the shop has it now, and what that changed. A product the
 * shop no longer sells (absent from `current`) becomes sold out; a quantity above what is available
 * is lowered to it (a sold-out line keeps its quantity for when stock returns).
 */
export function refreshCartItems(items: readonly CartItem[], current: readonly Product[]): { items: CartItem[]; changes: Map<number, LineChange> } {
  const byId = new Map(current.map((product) => [product.id, product]));
  const changes = new Map<number, LineChange>();
  const refreshed = items.map((item) => {
    const product = byId.get(item.product.id) ?? { ...item.product, stock: 0 };
    const quantity = product.stock > 0 ? Math.min(item.quantity, product.stock) : item.quantity;
    const change: LineChange = {};
    if (toCents(product.price) !== toCents(item.product.price)) change.previousPrice = item.product.price;
    if (quantity < item.quantity) change.previousQuantity = item.quantity;
    if (Object.keys(change).length > 0) changes.set(product.id, change);
    return { product, quantity };
  });
  return { items: refreshed, changes };
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
