import type { APIRequestContext } from '@playwright/test';
import type { Brand, Product } from '#common/schemas/catalog.ts';

// The demo catalogue as the API gives it, so tests pick products by their properties rather than by fixed ids.

export async function getProducts(request: APIRequestContext, query = ''): Promise<Product[]> {
  const response = await request.get(`/api/products${query}`);
  if (!response.ok()) throw new Error(`GET /api/products${query}: ${response.status()}`);
  return (await response.json()) as Product[];
}

export async function getBrands(request: APIRequestContext): Promise<Brand[]> {
  const response = await request.get('/api/brands');
  if (!response.ok()) throw new Error(`GET /api/brands: ${response.status()}`);
  return (await response.json()) as Brand[];
}

/**
 * Sold as one variant (the product carries its SKU): the cart adds it by product id. A product in
 * several thicknesses or sizes needs a variant picked first, and a gift card (another journey's, or the
 * demo's) its recipient (decision 066).
 */
export const soldAsOne = (product: Product & { giftCard?: boolean }): boolean => product.sku !== null && !product.giftCard;

/** A product sold as one variant matching the predicate; fails loudly when the demo catalogue has none. */
export async function findProduct(request: APIRequestContext, predicate: (product: Product) => boolean, what: string): Promise<Product> {
  const product = (await getProducts(request)).find((candidate) => soldAsOne(candidate) && predicate(candidate));
  if (!product) throw new Error(`the demo catalogue has no ${what}`);
  return product;
}

export const CART_KEY = 'pickleball-cart';

/** The cart as local storage holds it. */
export function storedCart(items: Array<{ product: Product; quantity: number }>): string {
  return JSON.stringify({ state: { items }, version: 0 });
}
