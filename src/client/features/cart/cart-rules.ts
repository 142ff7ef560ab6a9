import type { Product, VariantStock } from '#common/schemas/catalog.ts';
import type { GiftCardRecipient } from '#common/schemas/gift-card-shopper.ts';
import { toCents } from '#common/money.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';

// The cart's pure rules, shared by the store, the cards and the product page.

export interface CartItem {
  product: Product;
  variant?: CartVariant | null;
  quantity: number;
  /** a gift card line: who its cards are for and the day they are e-mailed (decision 066) */
  giftCard?: GiftCardRecipient;
}

/** One line per variant, or per product for a product bought without one. */
export type LineKey = string;

export function lineKey(productId: number, variantId?: number | null): LineKey {
  return variantId ? `v${variantId}` : `p${productId}`;
}

export function itemKey(item: CartItem): LineKey {
  return lineKey(item.product.id, item.variant?.id);
}

/** The line's unit price, stock, SKU and image: its variant's, else its product's. */
export function linePrice(item: CartItem): string {
  return item.variant?.price ?? item.product.price;
}
export function lineStock(item: CartItem): number {
  return item.variant?.stock ?? item.product.stock;
}
export function lineImage(item: CartItem): string | null {
  return item.variant ? (item.variant.imageUrl ?? item.product.imageUrl) : item.product.imageUrl;
}

export function quantityInCart(items: readonly CartItem[], productId: number, variantId?: number | null): number {
  const key = lineKey(productId, variantId);
  return items.find((item) => itemKey(item) === key)?.quantity ?? 0;
}

/**
 * Adds `quantity` (default 1): a line already in the cart grows (with the figures just read), a new one is appended.
 * A gift card line keeps one recipient: the one given last.
 */
export function addCartItem(
  items: readonly CartItem[],
  product: Product,
  quantity = 1,
  variant: CartVariant | null = null,
  giftCard?: GiftCardRecipient,
): CartItem[] {
  const key = lineKey(product.id, variant?.id);
  const line = (current: number, earlier?: GiftCardRecipient): CartItem => {
    const recipient = giftCard ?? earlier;
    return { product, ...(variant && { variant }), quantity: current, ...(recipient && { giftCard: recipient }) };
  };
  if (items.some((item) => itemKey(item) === key)) {
    return items.map((item) => (itemKey(item) === key ? line(item.quantity + quantity, item.giftCard) : item));
  }
  return [...items, line(quantity)];
}

export function removeCartItem(items: readonly CartItem[], key: LineKey): CartItem[] {
  return items.filter((item) => itemKey(item) !== key);
}

/** Sets a line's quantity; 0 or less removes it. */
export function updateCartQuantity(items: readonly CartItem[], key: LineKey, quantity: number): CartItem[] {
  if (quantity <= 0) return removeCartItem(items, key);
  return items.map((item) => (itemKey(item) === key ? { ...item, quantity } : item));
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
  return lineStock(item) <= 0;
}

/** The lines the order is made of: sold-out lines wait until they are removed or back in stock. */
export function orderableItems(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => !isSoldOut(item));
}

/** The variant ids and the product ids (lines without a variant) a re-read asks for. */
export function refreshIds(items: readonly CartItem[]): { productIds: number[]; variantIds: number[] } {
  return {
    productIds: items.filter((item) => !item.variant).map((item) => item.product.id),
    variantIds: items.flatMap((item) => (item.variant ? [item.variant.id] : [])),
  };
}

/**
 * The cart with each line as the shop has it now, and what that changed. A product or variant the
 * shop no longer sells (absent from `products` / `variants`) becomes sold out; a quantity above what
 * is available is lowered to it (a sold-out line keeps its quantity for when stock returns).
 */
export function refreshCartItems(
  items: readonly CartItem[],
  products: readonly Product[],
  variants: readonly VariantStock[] = [],
): { items: CartItem[]; changes: Map<LineKey, LineChange> } {
  const productById = new Map(products.map((product) => [product.id, product]));
  const variantById = new Map(variants.map((variant) => [variant.id, variant]));
  const changes = new Map<LineKey, LineChange>();
  const refreshed = items.map((item): CartItem => {
    let next: CartItem;
    if (item.variant) {
      const current = variantById.get(item.variant.id);
      const variant = current ? { ...item.variant, price: current.price, stock: current.stock, sku: current.sku } : { ...item.variant, stock: 0 };
      next = { product: item.product, variant, quantity: item.quantity };
    } else {
      next = { product: productById.get(item.product.id) ?? { ...item.product, stock: 0 }, quantity: item.quantity };
    }
    if (item.giftCard) next.giftCard = item.giftCard;
    const stock = lineStock(next);
    if (stock > 0) next.quantity = Math.min(item.quantity, stock);
    const change: LineChange = {};
    if (toCents(linePrice(next)) !== toCents(linePrice(item))) change.previousPrice = linePrice(item);
    if (next.quantity < item.quantity) change.previousQuantity = item.quantity;
    if (Object.keys(change).length > 0) changes.set(itemKey(item), change);
    return next;
  });
  return { items: refreshed, changes };
}

/** Sum of price times quantity, in cents; a missing or invalid price counts as 0. */
export function cartTotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => {
    const cents = toCents(linePrice(item));
    return sum + (Number.isNaN(cents) ? 0 : cents) * item.quantity;
  }, 0);
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The toast text after adding; "more" when the line was already in the cart. */
export function addedToCartMessage(productName: string, added: number, wasInCart: boolean): string {
  return wasInCart ? `Added ${added} more ${productName} to your cart` : `${productName} has been added to your cart`;
}
