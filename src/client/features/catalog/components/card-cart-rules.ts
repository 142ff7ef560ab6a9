import type { Product } from '#common/schemas/catalog.ts';

// The add-to-cart rules of the catalogue's cards and product page.
// The cart itself is another feature; these rules only need the quantity already in the cart.

/** A card refuses (logged only) when stock is missing or 0 or less, or the cart already holds all of it. */
export function cardAddRefusal(product: Pick<Product, 'stock'>, inCart: number): string | null {
  if (product.stock === null || product.stock === undefined || product.stock <= 0) return 'out of stock';
  if (inCart >= product.stock) return 'cart quantity already equals or exceeds stock';
  return null;
}

type CardButtonState = { kind: 'out-of-stock' } | { kind: 'max-in-cart'; inCart: number } | { kind: 'in-cart'; inCart: number } | { kind: 'add' };

/** Product card: which of the four button states a card shows. */
export function cardButtonState(product: Pick<Product, 'stock'>, inCart: number): CardButtonState {
  if (!product.stock || product.stock <= 0) return { kind: 'out-of-stock' };
  if (inCart >= product.stock) return { kind: 'max-in-cart', inCart };
  if (inCart > 0) return { kind: 'in-cart', inCart };
  return { kind: 'add' };
}

/** Product page: the refusal message for adding `requested` more units, or null when allowed. */
export function productPageAddRefusal(product: Pick<Product, 'stock'>, inCart: number, requested: number): string | null {
  if (!product.stock || product.stock <= 0) return 'This product is out of stock';
  if (inCart + requested > product.stock) {
    const remaining = product.stock - inCart;
    return remaining <= 0 ? 'All available stock already in cart' : `Only ${remaining} additional units available`;
  }
  return null;
}

/** Product page: the quantity stepper's value as an integer clamped to 1..stock. */
export function clampQuantity(value: number, stock: number): number {
  const max = Math.max(1, stock);
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}
