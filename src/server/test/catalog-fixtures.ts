import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { productImages, products, productTypes, productVariants } from '#server/db/schema.ts';

type ProductValues = Omit<typeof products.$inferInsert, 'productTypeId'> & { productTypeId?: number };

/**
 * Products written straight into the tables, as tests set up a catalogue, each with the one variant
 * and gallery image the product service would give it (type "Accessories" unless named).
 */
export async function insertProducts(db: Database, values: ProductValues | ProductValues[]): Promise<(typeof products.$inferSelect)[]> {
  const list = Array.isArray(values) ? values : [values];
  const [accessories] = await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, 'accessories'));
  const rows = await db
    .insert(products)
    .values(list.map((value) => ({ productTypeId: accessories!.id, ...value })))
    .returning();
  for (const row of rows) {
    const [image] = row.imageUrl ? await db.insert(productImages).values({ productId: row.id, url: row.imageUrl, alt: row.name }).returning() : [];
    await db.insert(productVariants).values({ productId: row.id, sku: row.sku, price: row.price, stock: row.stock, imageId: image?.id ?? null });
  }
  return rows;
}

/** Sets the price of a single-variant product straight in the tables (the product shows its variant's). */
export async function setProductPrice(db: Database, productId: number, price: string): Promise<void> {
  await db.update(productVariants).set({ price }).where(eq(productVariants.productId, productId));
  await db.update(products).set({ price }).where(eq(products.id, productId));
}

/** Takes units of a single-variant product's stock, as a sale elsewhere would. */
export async function takeStock(db: Database, productId: number, units: number): Promise<void> {
  await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${units}` })
    .where(eq(productVariants.productId, productId));
  await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${units}` })
    .where(eq(products.id, productId));
}
