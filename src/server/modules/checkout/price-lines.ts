import { inArray } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { badRequest } from '#server/http/errors.ts';

export interface PricedLine {
  productId: number;
  name: string;
  quantity: number;
  /** the database's price, never the page's */
  priceCents: number;
}

/** Same product on two lines counts as one line with the quantities added, sorted by id (lock order). */
export function mergeLines(items: ReadonlyArray<{ productId: number; quantity: number }>): Array<{ productId: number; quantity: number }> {
  const merged = new Map<number, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

/** Every line priced from the database; an unknown or deleted product is a 400 naming it. */
export async function priceLines(db: Database | Transaction, items: ReadonlyArray<{ productId: number; quantity: number }>): Promise<PricedLine[]> {
  const lines = mergeLines(items);
  const rows = await db
    .select({ id: products.id, name: products.name, price: products.price, isDeleted: products.isDeleted })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product) throw badRequest(`Product ${line.productId} no longer exists. Please remove it from your cart.`);
    if (product.isDeleted) throw badRequest(`${product.name} is no longer available. Please remove it from your cart.`);
    return { productId: product.id, name: product.name, quantity: line.quantity, priceCents: toCents(product.price) };
  });
}
